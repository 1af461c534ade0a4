/**
 * Review state, in its own zustand store: whether review mode is on, the review of the shown
 * result, a stored review opened as it was judged, the open batch of notes, pending keyboard
 * prompts (reason, comment, missed concept), the last announcement for screen readers, and where
 * reviews are kept. Every change to a review is written to storage at once; a storage failure
 * switches to memory for the rest of the tab, with a warning, and loses nothing.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AnnotationResult } from '../../core/contract.ts';
import type { GlosaProvenance } from '../../core/export/provenance.ts';
import { useAppStore } from '../state/store.ts';
import type { BatchNote } from './batch.ts';
import {
  addMissed,
  carryOver,
  clearVerdict,
  countsOf,
  countsText,
  hasContent,
  newReview,
  REASON_LABELS,
  removeMissed,
  removeOrphan,
  setComment,
  setVerdict,
  textHash,
  type Missed,
  type NoteReview,
  type Reason,
  type ReviewCounts,
  type VerdictKind,
} from './model.ts';
import { indexedDbStorage, memoryStorage, storageWarning, type ReviewStorage, type StoredBatch } from './storage.ts';

export type VerdictFilter = 'all' | 'unreviewed' | 'correct' | 'wrong';

export interface Batch extends StoredBatch {
  /** Review counts of each note reviewed so far, by note id. */
  readonly progress: Readonly<Record<string, ReviewCounts>>;
}

export interface ShownResult {
  readonly text: string;
  readonly textDatetime: string;
  readonly result: AnnotationResult;
  readonly dictionaryHash: string;
  /** What produced the result, kept with its review for the exports. */
  readonly provenance?: GlosaProvenance | undefined;
}

export interface ReviewState {
  enabled: boolean;
  /** The review of the result on screen (live or opened). */
  current: NoteReview | null;
  /** A stored or imported review shown with its own result, until the user annotates something. */
  opened: NoteReview | null;
  /** `performance.now()` when it was opened: its "result arrival" for the document view. */
  openedAt: number;
  batch: Batch | null;
  pendingReason: number | null;
  commentFor: number | null;
  missedDraft: { begin: number; end: number; text: string } | null;
  verdictFilter: VerdictFilter;
  announcement: { text: string; n: number };
  storageKind: ReviewStorage['kind'];
  storageWarning: string | null;
  /** Bumped whenever storage changes, so the "Revisiones" list reloads. */
  storedVersion: number;

  setEnabled(enabled: boolean): void;
  resultShown(shown: ShownResult): Promise<void>;
  mark(id: number, verdict: VerdictKind): void;
  giveReason(reason: Reason | null): void;
  clear(id: number): void;
  startComment(id: number): void;
  saveComment(comment: string | null): void;
  startMissed(draft: { begin: number; end: number; text: string } | null): void;
  saveMissed(missed: Missed | null): void;
  deleteMissed(index: number): void;
  deleteOrphan(index: number): void;
  setVerdictFilter(filter: VerdictFilter): void;
  announce(text: string): void;
  open(review: NoteReview): void;
  closeOpened(): void;
  listStored(): Promise<NoteReview[]>;
  deleteStored(key: string): Promise<void>;
  importReviews(reviews: NoteReview[]): Promise<void>;
  openBatch(name: string, notes: BatchNote[], source?: StoredBatch['source']): Promise<void>;
  goTo(index: number): Promise<void>;
  closeBatch(): Promise<void>;
  /** The reviews of the batch's notes (current, or the latest stored of each), or the current review alone. */
  reviewsToExport(): Promise<NoteReview[]>;
  restore(): Promise<void>;
}

const SINGLE_NOTE_ID = 'nota';

function initialStorage(): { storage: ReviewStorage; warning: string | null } {
  if (typeof indexedDB === 'undefined') return { storage: memoryStorage(), warning: storageWarning(undefined) };
  return { storage: indexedDbStorage(), warning: null };
}

const sameResult = (a: AnnotationResult, b: AnnotationResult): boolean => JSON.stringify(a) === JSON.stringify(b);

const latestFirst = (a: NoteReview, b: NoteReview) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0);

const storedBatch = ({ name, notes, index, source }: StoredBatch): StoredBatch => ({ name, notes, index, source });

/** The latest stored review of a text. */
const latestOf = (stored: readonly NoteReview[], hash: string): NoteReview | undefined =>
  stored.filter((r) => r.text_hash === hash).sort(latestFirst)[0];

/** Each batch note's counts, from the latest stored review of its text. */
function progressOf(notes: readonly BatchNote[], stored: readonly NoteReview[]): Record<string, ReviewCounts> {
  const progress: Record<string, ReviewCounts> = {};
  for (const n of notes) {
    const latest = latestOf(stored, textHash(n.text));
    if (latest) progress[n.id] = countsOf(latest);
  }
  return progress;
}

export const createReviewStore = (
  session: () => Storage = () => sessionStorage,
  openStorage: () => { storage: ReviewStorage; warning: string | null } = initialStorage,
) =>
  create<ReviewState>()(
    persist(
      (set, get) => {
        const initial = openStorage();
        let storage = initial.storage;
        let ticket = 0;

        /** Runs a storage operation; on failure continues in memory (with what the tab holds) and warns. */
        const guarded = async <T>(op: (s: ReviewStorage) => Promise<T>, fallback: T): Promise<T> => {
          try {
            return await op(storage);
          } catch (error) {
            if (storage.kind === 'memory') return fallback;
            storage = memoryStorage();
            const { current, batch } = get();
            if (current && hasContent(current)) await storage.save(current);
            if (batch) await storage.saveBatch(storedBatch(batch));
            set({ storageKind: 'memory', storageWarning: storageWarning(error) });
            return op(storage).catch(() => fallback);
          }
        };

        const withProgress = (review: NoteReview): Pick<ReviewState, 'batch'> => {
          const { batch } = get();
          if (!batch || !batch.notes.some((n) => n.id === review.id)) return { batch };
          return { batch: { ...batch, progress: { ...batch.progress, [review.id]: countsOf(review) } } };
        };

        /** Replaces the current review and keeps it (or forgets it when it holds nothing). */
        const update = (review: NoteReview, announcement?: string): void => {
          const { opened } = get();
          set({
            current: review,
            ...(opened?.key === review.key ? { opened: review } : {}),
            ...withProgress(review),
            storedVersion: get().storedVersion + 1,
          });
          if (announcement) get().announce(`${announcement} ${countsText(countsOf(review))}.`);
          void guarded((s) => (hasContent(review) ? s.save(review) : s.remove(review.key)), undefined);
        };

        const idForText = (text: string): string => {
          const { batch } = get();
          if (!batch) return SINGLE_NOTE_ID;
          const note = batch.notes[batch.index]?.text === text ? batch.notes[batch.index] : batch.notes.find((n) => n.text === text);
          return note?.id ?? SINGLE_NOTE_ID;
        };

        const spanOf = (id: number): string => {
          const a = get().current?.result.annotations.find((x) => x.id === id);
          return a ? `«${a.match.text}»` : `la anotación ${id}`;
        };

        return {
          enabled: false,
          current: null,
          opened: null,
          openedAt: 0,
          batch: null,
          pendingReason: null,
          commentFor: null,
          missedDraft: null,
          verdictFilter: 'all',
          announcement: { text: '', n: 0 },
          storageKind: storage.kind,
          storageWarning: initial.warning,
          storedVersion: 0,

          setEnabled: (enabled) => set({ enabled, pendingReason: null, commentFor: null, missedDraft: null }),

          resultShown: async ({ text, textDatetime, result, dictionaryHash, provenance }) => {
            const fresh = {
              ...newReview(idForText(text), text, textDatetime, result, dictionaryHash),
              ...(provenance ? { provenance } : {}),
            };
            const { current } = get();
            if (current?.key === fresh.key && sameResult(current.result, result)) return;
            const mine = ++ticket;
            const stored = await guarded((s) => s.get(fresh.key), undefined);
            let review: NoteReview;
            // The shown result object itself, so the view can tell this review is of what it draws.
            if (stored && sameResult(stored.result, result))
              review = {
                ...stored,
                result,
                id: fresh.id === SINGLE_NOTE_ID ? stored.id : fresh.id,
                ...(stored.provenance || !provenance ? {} : { provenance }),
              };
            else {
              // Another result for the same note and reference datetime: carry the latest review over.
              const earlier =
                stored ??
                (await guarded((s) => s.ofText(fresh.text_hash), [] as NoteReview[]))
                  .filter((r) => r.text_datetime === fresh.text_datetime)
                  .sort(latestFirst)[0];
              review = earlier ? carryOver(earlier, fresh) : fresh;
            }
            if (mine !== ticket) return;
            set({ current: review, pendingReason: null, commentFor: null, missedDraft: null, ...withProgress(review) });
            if (review.carriedFrom) update(review);
          },

          mark: (id, verdict) => {
            const { current } = get();
            if (!current) return;
            const next = setVerdict(current, id, verdict);
            const reasons =
              'Motivo con las teclas numéricas: 1 concepto, 2 extensión, 3 negación, 4 incertidumbre, 5 familiar, 6 relación, 7 no relevante; 0 sin motivo.';
            set({ pendingReason: verdict === 'wrong' ? id : null });
            update(next, verdict === 'correct' ? `Correcta: ${spanOf(id)}.` : `Incorrecta: ${spanOf(id)}. ${reasons}`);
          },

          giveReason: (reason) => {
            const { current, pendingReason } = get();
            set({ pendingReason: null });
            if (!current || pendingReason === null || reason === null) return;
            update(setVerdict(current, pendingReason, 'wrong', { reason }), `Motivo: ${REASON_LABELS[reason]}.`);
          },

          clear: (id) => {
            const { current } = get();
            if (!current) return;
            set({ pendingReason: null });
            update(clearVerdict(current, id), `Veredicto quitado: ${spanOf(id)}.`);
          },

          startComment: (id) => {
            if (!get().current?.verdicts.has(id)) {
              get().announce(`Marque primero ${spanOf(id)} como correcta (a) o incorrecta (x) para comentarla.`);
              return;
            }
            set({ commentFor: id, pendingReason: null });
          },

          saveComment: (comment) => {
            const { current, commentFor } = get();
            set({ commentFor: null });
            if (!current || commentFor === null || comment === null) return;
            update(setComment(current, commentFor, comment), comment.trim() ? 'Comentario guardado.' : 'Comentario quitado.');
          },

          startMissed: (missedDraft) => set({ missedDraft, pendingReason: null }),

          saveMissed: (missed) => {
            const { current } = get();
            set({ missedDraft: null });
            if (!current || !missed) return;
            update(addMissed(current, missed), `Concepto omitido anotado: «${missed.text}».`);
          },

          deleteMissed: (index) => {
            const { current } = get();
            if (current) update(removeMissed(current, index), 'Concepto omitido quitado.');
          },

          deleteOrphan: (index) => {
            const { current } = get();
            if (current) update(removeOrphan(current, index), 'Veredicto huérfano quitado.');
          },

          setVerdictFilter: (verdictFilter) => set({ verdictFilter }),

          announce: (text) => set(({ announcement }) => ({ announcement: { text, n: announcement.n + 1 } })),

          open: (review) => {
            ticket++;
            set({
              opened: review,
              openedAt: performance.now(),
              current: review,
              pendingReason: null,
              commentFor: null,
              missedDraft: null,
              enabled: true,
              ...withProgress(review),
            });
          },

          closeOpened: () => set({ opened: null }),

          listStored: async () => (await guarded((s) => s.all(), [] as NoteReview[])).sort(latestFirst),

          deleteStored: async (key) => {
            await guarded((s) => s.remove(key), undefined);
            const { current, opened } = get();
            set({
              storedVersion: get().storedVersion + 1,
              ...(opened?.key === key ? { opened: null } : {}),
              ...(current?.key === key ? { current: { ...current, verdicts: new Map(), missed: [], orphans: [] } } : {}),
            });
          },

          importReviews: async (reviews) => {
            for (const r of reviews) await guarded((s) => s.save(r), undefined);
            set({ storedVersion: get().storedVersion + 1 });
            const [first] = reviews;
            if (reviews.length > 1) {
              const notes = reviews.map((r) => ({ id: r.id, text: r.text, textDatetime: r.text_datetime }));
              await get().openBatch('revisión importada', notes, 'import');
            } else if (first) get().open(first);
          },

          openBatch: async (name, notes, source = 'file') => {
            const progress = progressOf(notes, await guarded((s) => s.all(), [] as NoteReview[]));
            set({ batch: { name, notes, index: 0, source, progress }, enabled: true });
            await guarded((s) => s.saveBatch({ name, notes, index: 0, source }), undefined);
            await get().goTo(0);
          },

          goTo: async (index) => {
            const { batch } = get();
            const note = batch?.notes[index];
            if (!batch || !note) return;
            set({ batch: { ...batch, index }, opened: null });
            void guarded((s) => s.saveBatch(storedBatch({ ...batch, index })), undefined);
            get().announce(`Nota ${index + 1} de ${batch.notes.length}: «${note.id}».`);
            // An imported batch shows each note's review as it was judged; a batch of notes is annotated.
            if (batch.source === 'import') {
              const hash = textHash(note.text);
              const review = latestOf(await guarded((s) => s.ofText(hash), [] as NoteReview[]), hash);
              if (review) {
                get().open({ ...review, id: note.id });
                return;
              }
            }
            const app = useAppStore.getState();
            app.setText(note.text);
            if (note.textDatetime) app.setTextDatetime(note.textDatetime);
            useAppStore.getState().submit();
          },

          closeBatch: async () => {
            set({ batch: null });
            await guarded((s) => s.saveBatch(null), undefined);
          },

          reviewsToExport: async () => {
            const { batch, current } = get();
            if (!batch) return current ? [current] : [];
            const stored = await guarded((s) => s.all(), [] as NoteReview[]);
            const out: NoteReview[] = [];
            for (const n of batch.notes) {
              const hash = textHash(n.text);
              const review = current && current.text_hash === hash && hasContent(current) ? current : latestOf(stored, hash);
              if (review) out.push({ ...review, id: n.id });
            }
            return out;
          },

          restore: async () => {
            const saved = await guarded((s) => s.loadBatch(), undefined);
            if (!saved || get().batch) return;
            // A batch is opened for review: coming back to it is coming back to review mode.
            set({
              batch: { ...saved, progress: progressOf(saved.notes, await guarded((s) => s.all(), [] as NoteReview[])) },
              enabled: true,
            });
            // Back after closing the browser (the tab's note is gone): reopen the note the batch was at.
            const note = saved.notes[saved.index];
            if (note && useAppStore.getState().text !== note.text) await get().goTo(saved.index);
          },
        };
      },
      {
        name: 'glosa-review-session',
        storage: createJSONStorage(session),
        partialize: ({ enabled, verdictFilter }) => ({ enabled, verdictFilter }),
      },
    ),
  );

export const useReviewStore = createReviewStore();

// A new note sent for annotation closes a review opened with its stored result.
useAppStore.subscribe((state, previous) => {
  if (state.submission !== previous.submission && useReviewStore.getState().opened) useReviewStore.getState().closeOpened();
});
