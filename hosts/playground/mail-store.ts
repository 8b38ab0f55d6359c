/**
 * The simulated email of the playground: what a mail client would have open beside the task pane.
 * Plain data plus the compose body element, whose contents the browser owns (so the caret and
 * undo behave as in a real editor); the store only remembers where the caret last was.
 */
import type { EmailAddress } from '../host';

export type PlaygroundMode = 'read' | 'compose';

export interface MailState {
  mode: PlaygroundMode;
  /** Changes whenever a different email is "opened" (mode switch, reply, new message). */
  itemId: string;
  sender: EmailAddress;
  to: string;
  cc: string;
  subject: string;
  /** The received email's text in read mode. */
  readBody: string;
  attachments: Array<{ name: string; url: string }>;
}

export const SAMPLE_EMAIL: Omit<MailState, 'itemId'> = {
  mode: 'read',
  sender: { displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.com' },
  to: 'elections@aldercounty.example',
  cc: '',
  subject: 'Did my mail ballot arrive?',
  readBody:
    'Hello,\n\nI mailed my ballot last Tuesday and I would like to know whether it was received and counted. ' +
    'Is there a way to track my ballot online?\n\nThank you,\nJordan',
  attachments: [],
};

/** The emails the playground's "Sample email" menu opens: English and Spanish, as residents write. */
export const SAMPLE_EMAILS: ReadonlyArray<{ label: string; email: Omit<MailState, 'itemId'> }> = [
  { label: 'Did my mail ballot arrive? (English)', email: SAMPLE_EMAIL },
  {
    label: 'No me llegó mi boleta (Spanish)',
    email: {
      mode: 'read',
      sender: { displayName: 'Rosa Medina', emailAddress: 'rosa.medina@example.com' },
      to: 'elections@aldercounty.example',
      cc: '',
      subject: 'No me llego mi boleta por correo',
      readBody:
        'Buenas tardes,\n\nMe llamo Rosa Medina y vivo en el condado desde hace seis años. Mis vecinos ya recibieron sus boletas para la eleccion ' +
        'pero a mi no me ha llegado nada. Sigo viviendo en la misma direccion, en la calle Olmo 214. ¿Me pueden mandar otra boleta o tengo que ir a votar en persona? ' +
        'Gracias por su ayuda.\n\nRosa Medina',
      attachments: [],
    },
  },
  {
    label: 'Copia certificada de acta de nacimiento (Spanish)',
    email: {
      mode: 'read',
      sender: { displayName: 'Jorge Ramírez', emailAddress: 'jorge.ramirez@example.com' },
      to: 'recorder@aldercounty.example',
      cc: '',
      subject: 'Copia certificada de acta de nacimiento',
      readBody:
        'Hola, buenos días:\n\nNecesito una copia certificada del acta de nacimiento de mi hijo, que nació aquí en el condado en 2016. ' +
        'La necesito para sacarle el pasaporte porque vamos a viajar a México en el verano. ¿Cuánto cuesta? ¿Puedo pedirla por correo o tengo que ir en persona? ' +
        'Trabajo entre semana hasta las 5.\n\nMuchas gracias,\nJorge Ramírez',
      attachments: [],
    },
  },
  {
    label: '¿Hasta cuándo puedo registrarme para votar? (Spanish)',
    email: {
      mode: 'read',
      sender: { displayName: 'Luis Herrera', emailAddress: 'luis.herrera@example.com' },
      to: 'elections@aldercounty.example',
      cc: '',
      subject: '¿Hasta cuándo puedo registrarme para votar?',
      readBody:
        'Buenas tardes:\n\nMe hice ciudadano el mes pasado y quiero votar por primera vez en la elección de noviembre. ¿Cuál es la fecha límite para registrarme? ' +
        '¿Lo puedo hacer por internet o tengo que ir a su oficina? También quisiera saber si necesito llevar algún documento, como mi certificado de naturalización.' +
        '\n\nGracias de antemano,\nLuis Herrera',
      attachments: [],
    },
  },
];

type Listener = () => void;

/** The parts of the open item that belong to the email being read, not to a reply to it. */
type ReceivedEmail = Omit<MailState, 'itemId' | 'mode'>;

function receivedPart(state: MailState): ReceivedEmail {
  const { itemId: _itemId, mode: _mode, ...received } = state;
  return received;
}

/** A new, empty message, as a mail client opens one. */
const NEW_MESSAGE: Partial<Omit<MailState, 'itemId'>> = { mode: 'compose', to: '', cc: '', subject: '', attachments: [] };

export class MailStore {
  private state: MailState;
  private readonly listeners = new Set<Listener>();
  private readonly windowListeners = new Set<Listener>();
  private composeBody: HTMLElement | null = null;
  private savedRange: Range | null = null;
  private itemCounter = 1;
  /** The email in the inbox, as last seen or edited in Read: a reply or a new message does not change it. */
  private received: ReceivedEmail;

  constructor(initial: Omit<MailState, 'itemId'> = SAMPLE_EMAIL) {
    this.state = { ...initial, itemId: 'playground-item-1' };
    this.received = receivedPart(this.state);
  }

  getState = (): MailState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<Omit<MailState, 'itemId'>>, options: { newItem?: boolean } = {}): void {
    const itemId = options.newItem ? `playground-item-${++this.itemCounter}` : this.state.itemId;
    this.state = { ...this.state, ...patch, itemId };
    if (this.state.mode === 'read') this.received = receivedPart(this.state);
    for (const listener of this.listeners) listener();
  }

  /** Opens another received email, as clicking a message in the inbox does. */
  openEmail(email: Omit<MailState, 'itemId'>): void {
    this.update({ ...email, mode: 'read' }, { newItem: true });
  }

  /**
   * Back to the email being read, as a mail client shows it after a reply was opened or a new
   * message written: its own sender, To, Cc, subject and text, not the reply's.
   */
  openReceived(): void {
    this.update({ ...this.received, mode: 'read' }, { newItem: true });
  }

  /**
   * What Outlook's `displayNewMessageForm` does, in the playground's one window: a new, empty
   * message becomes the open item, and whoever shows the task pane is told a new window opened,
   * so the pane can open in it as an add-in does in Outlook's new window.
   */
  openNewMessageWindow(): void {
    this.update(NEW_MESSAGE, { newItem: true });
    for (const listener of this.windowListeners) listener();
  }

  /** `listener` runs after each `openNewMessageWindow`; returns the unsubscribe. */
  onNewWindow = (listener: Listener): (() => void) => {
    this.windowListeners.add(listener);
    return () => this.windowListeners.delete(listener);
  };

  /** The compose editor registers itself here while it is on screen. */
  attachComposeBody(element: HTMLElement | null): void {
    this.composeBody = element;
    this.savedRange = null;
  }

  getComposeBody(): HTMLElement | null {
    return this.composeBody;
  }

  /** Remembers the caret while it is inside the compose body, so a click in the pane does not lose it. */
  rememberSelection(selection: Selection | null): void {
    const body = this.composeBody;
    if (!body || !selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    if (body.contains(range.commonAncestorContainer)) this.savedRange = range.cloneRange();
  }

  /** Where an insertion goes: the last caret in the body, else the end of the body. */
  insertionRange(): Range | null {
    const body = this.composeBody;
    if (!body) return null;
    if (this.savedRange && body.contains(this.savedRange.commonAncestorContainer)) return this.savedRange.cloneRange();
    const range = body.ownerDocument.createRange();
    range.selectNodeContents(body);
    range.collapse(false);
    return range;
  }

  setSavedRange(range: Range): void {
    this.savedRange = range;
  }
}
