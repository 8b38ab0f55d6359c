/** The categories typed in `text`: comma-separated, trimmed, each once. */
export function categoriesIn(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((category) => category.trim())
        .filter(Boolean),
    ),
  ];
}

/** `text` with `category` added at the end, or taken out when it is there. */
export function toggledCategory(text: string, category: string): string {
  const current = categoriesIn(text);
  return (current.includes(category) ? current.filter((item) => item !== category) : [...current, category]).join(', ');
}
