/**
 * The comparison's state, a small zustand store of its own: run A (pinned from the screen or read
 * from a file), why the last file was refused, the difference selected in the list and the view
 * (one combined copy of the note, or A and B side by side). B is always
 * the result on screen. Kept in memory only: A holds a note, which is patient data.
 */
import { create } from 'zustand';
import type { Run } from './run.ts';

/** «Combinada»: the differences in one copy of the note; «Lado a lado»: A's note beside B's. */
export type CompareView = 'combined' | 'side-by-side';

export interface CompareState {
  a: Run | null;
  fileError: string | null;
  /** The key of the selected difference (see entries.ts). */
  selectedKey: string | null;
  /** Bumped by every selection, so a second click on the same difference scrolls to it again. */
  selectSeq: number;
  view: CompareView;
  setA(run: Run): void;
  fileFailed(message: string): void;
  clearA(): void;
  selectDifference(key: string | null): void;
  setView(view: CompareView): void;
}

export const useCompareStore = create<CompareState>()((set) => ({
  a: null,
  fileError: null,
  selectedKey: null,
  selectSeq: 0,
  view: 'combined',
  setA: (a) => set({ a, fileError: null, selectedKey: null }),
  fileFailed: (fileError) => set({ fileError }),
  clearA: () => set({ a: null, fileError: null, selectedKey: null }),
  selectDifference: (selectedKey) => set(({ selectSeq }) => ({ selectedKey, selectSeq: selectSeq + 1 })),
  setView: (view) => set({ view }),
}));
