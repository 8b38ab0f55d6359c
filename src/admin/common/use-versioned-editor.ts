import { useEffect, useRef, useState } from 'react';
import { useKeepWork, useRestoredWork } from '../../state/kept-work';
import { isEditConflict } from '../api/admin';
import type { SaveNotice } from './save-notice';

/** A record the admin API keeps versions of: saves and deletes name the version they change. */
export interface VersionedRecord {
  _id: string;
  version: number;
}

/** A save the server keeps waiting (for approval, or for its time): what to tell the admin. */
export interface WaitingChange {
  waiting: string;
}

/** What an editor of one kind of record tells the shared editing logic. */
export interface VersionedEditorOptions<R extends VersionedRecord, V, E, I> {
  /** The record being edited; null for a new one. A new object (a reload after a conflict) resets the form. */
  record: R | null;
  /** "block", "checklist": how the messages name the record. */
  noun: string;
  /** The form of a saved record, and of a new one. */
  formOf: (record: R) => V;
  initial: () => V;
  /** The input to send, or what needs attention; `noErrors` when nothing does. */
  check: (values: V) => { input: I } | { errors: E };
  noErrors: E;
  create: (input: I) => Promise<R | WaitingChange>;
  save: (id: string, version: number, input: I) => Promise<R | WaitingChange>;
  /** After a save that waits: caches of the record and its waiting change. */
  afterWaiting?: () => Promise<void>;
  delete: (id: string, version: number) => Promise<unknown>;
  /** After a save: caches, the address of a new record; `values` may be tidied (empty rows dropped). */
  afterSave: (saved: R, created: boolean) => Promise<void>;
  afterDelete: (values: V) => Promise<void>;
  /** What a successful save says. */
  savedText: string;
  /** What a save refused for a conflict adds after "…so it was not saved. Load their version to see it (your changes here are then replaced)". */
  conflictAdvice?: string;
  /** The notice the editor opens with (a flash from the page before). */
  initialNotice?: SaveNotice;
  /** Field errors for a save the server refused because of one field's value (a shortcut in use), else null. */
  fieldErrorsOf?: (failure: unknown) => E | null;
  /** Tidies the form after a save (the server's view of it). */
  tidyAfterSave?: (values: V) => V;
}

/** Said when the editor opens with what was typed before the session ended. */
export const RESTORED_TEXT = 'This is what you typed before you were signed out. It is not saved yet.';

/**
 * The form, its version and the save, delete and conflict handling that the block and checklist
 * editors share: a save sends the version it was loaded at (`If-Match`), a refused one says that
 * someone else changed the record and offers their version; nothing typed is lost on a failure,
 * nor when the session ends while the editor is open (it comes back, with the version it was
 * typed against, when the same user signs in again).
 */
export function useVersionedEditor<R extends VersionedRecord, V, E, I>(options: VersionedEditorOptions<R, V, E, I>) {
  const { record, noun } = options;
  const restored = useRestoredWork<{ values: V; version: number | null }>(noun);
  const [values, setValues] = useState<V>(() => restored?.values ?? (record ? options.formOf(record) : options.initial()));
  const [version, setVersion] = useState<number | null>(restored ? restored.version : (record?.version ?? null));
  const [errors, setErrors] = useState<E>(options.noErrors);
  const [notice, setNotice] = useState<SaveNotice>(restored ? { intent: 'warning', text: RESTORED_TEXT } : (options.initialNotice ?? null));
  const [pending, setPending] = useState(false);
  useKeepWork(noun, { values, version });

  // A reload after a conflict brings the other window's version: the form shows it. Restored
  // typing is not replaced by the record it was typed over; a save then meets any newer version.
  const { formOf } = options;
  const shownRecord = useRef(restored ? record : null);
  useEffect(() => {
    if (!record || record === shownRecord.current) return;
    shownRecord.current = null;
    setValues(formOf(record));
    setVersion(record.version);
  }, [record, formOf]);

  const set = <K extends keyof V>(field: K, value: V[K]) => setValues((current) => ({ ...current, [field]: value }));

  async function save(): Promise<void> {
    const checked = options.check(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setNotice({ intent: 'error', text: `Some fields need attention before the ${noun} can be saved.` });
      return;
    }
    setErrors(options.noErrors);
    setNotice(null);
    setPending(true);
    try {
      const created = !(record && version !== null);
      const saved = record && version !== null ? await options.save(record._id, version, checked.input) : await options.create(checked.input);
      if ('waiting' in saved) {
        await options.afterWaiting?.();
        setNotice({ intent: 'success', text: saved.waiting });
        return;
      }
      setVersion(saved.version);
      const { tidyAfterSave } = options;
      if (tidyAfterSave) setValues(tidyAfterSave);
      await options.afterSave(saved, created);
      setNotice({ intent: 'success', text: options.savedText });
    } catch (failure) {
      console.warn(`Saving a ${noun} failed`, failure);
      const fieldErrors = options.fieldErrorsOf?.(failure);
      if (fieldErrors) {
        setErrors(fieldErrors);
        setNotice({ intent: 'error', text: `Some fields need attention before the ${noun} can be saved.` });
        return;
      }
      setNotice(
        isEditConflict(failure)
          ? {
              intent: 'warning',
              conflict: true,
              text: `Someone else changed this ${noun} since you opened it, so it was not saved. Load their version to see it (your changes here are then replaced)${options.conflictAdvice ?? ''}.`,
            }
          : { intent: 'error', text: `The ${noun} could not be saved. Please try again, and if the problem persists contact our team.` },
      );
    } finally {
      setPending(false);
    }
  }

  async function remove(): Promise<void> {
    if (!record || version === null) return;
    setPending(true);
    try {
      await options.delete(record._id, version);
      await options.afterDelete(values);
    } catch (failure) {
      console.warn(`Deleting a ${noun} failed`, failure);
      setNotice(
        isEditConflict(failure)
          ? { intent: 'warning', conflict: true, text: `Someone else changed this ${noun} since you opened it, so it was not deleted. Load their version first.` }
          : { intent: 'error', text: `The ${noun} could not be deleted. Please try again.` },
      );
      setPending(false);
    }
  }

  return { values, setValues, set, version, errors, notice, setNotice, pending, setPending, save, remove };
}
