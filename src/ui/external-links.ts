/** Where the splash screen's "Book a demo" and "Learn more" links lead. */
export const BOOK_DEMO_URL = 'https://cannery.app/book-a-demo';
export const LEARN_MORE_URL = 'https://cannery.app/';
