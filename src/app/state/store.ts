/**
 * The app's UI state, in one zustand store: the note being edited, the reference datetime, the
 * mode and endpoint, the local dictionary (see dictionary.ts), selection, hover, panel and filters.
 * Annotation results are not here (they are TanStack Query data). The note, settings and API key
 * are kept for the browser tab only (sessionStorage), never in localStorage or the URL: the note is
 * patient data.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { DictionaryReady } from '../annotator/local.ts';
import { NO_FILTERS, sanitiseFilters, type Filters } from '../filters/model.ts';
import { formatTextDatetime } from './datetime.ts';
import {
  choiceLabel,
  loadFailed,
  loadProgressed,
  loadStarted,
  loadSucceeded,
  NO_DICTIONARY,
  type DictionaryChoice,
  type DictionaryState,
} from './dictionary.ts';

export type Mode = 'local' | 'remote';
export type Panel = 'table' | 'negation' | 'json' | 'errors' | 'reviews' | 'report' | 'compare';
export type SortColumn = 'begin' | 'text' | 'category' | 'cui' | 'status';

/** A user rule pack for local mode, as the worker checked it (kept for the tab). */
export interface ContextRulesPack {
  readonly name: string;
  readonly json: string;
  /** How many rules are in effect with it. */
  readonly ruleCount: number;
  /** When it was chosen: part of the annotator's identity, so results of other rules are not reused. */
  readonly chosenAt: number;
}

export interface Submission {
  readonly text: string;
  readonly textDatetime: string;
  /** Where it was sent (see `annotatorTarget`): a note goes only where the user sent it. */
  readonly target: string;
  /** Bumped by "Anotar" so a failed request can be sent again unchanged. */
  readonly attempt: number;
}

export interface ErrorEntry {
  readonly at: string;
  readonly message: string;
  readonly detail?: string;
  /** The place in the note the error names (code points of `text`, the note that was sent). */
  readonly span?: { readonly begin: number; readonly end: number };
  readonly text?: string;
}

export interface AppState {
  mode: Mode;
  remoteBase: string;
  apiKey: string;
  /** Why remote mode needs the key typed: none was given, or the service refused it (401/403). */
  keyProblem: 'missing' | 'rejected' | null;
  text: string;
  textDatetime: string;
  submission: Submission | null;
  selectedId: number | null;
  /** The last request to bring an annotation into view (from a panel); `seq` tells repeated requests apart. */
  reveal: { id: number; seq: number } | null;
  hoverId: number | null;
  panel: Panel;
  /** The arcs (relations, heads, cues) hidden to read the note plainly. */
  hideArcs: boolean;
  /** What the filters hide, in the document, the table and the lens alike (see filters/model.ts). */
  filters: Filters;
  /** Search within the note: the query, the hit in focus, and `seq` bumped to bring it into view. */
  search: { query: string; current: number; seq: number };
  /** The table lists only annotations whose text contains the search. */
  searchFiltersTable: boolean;
  /** Ask for the sites inside concepts (`config.nested_sites`: "cáncer de esófago" → "esófago"); on by default. */
  nestedSites: boolean;
  sort: { column: SortColumn; descending: boolean };
  dictionary: DictionaryState;
  /** The URL typed in the dictionary picker. */
  dictionaryUrl: string;
  errors: ErrorEntry[];
  /** Local mode's user rule pack (none: the default rules) and why the last one was refused. */
  contextRules: ContextRulesPack | null;
  contextRulesError: string | null;

  setMode(mode: Mode): void;
  setRemoteBase(url: string): void;
  setApiKey(key: string): void;
  setKeyProblem(problem: 'missing' | 'rejected' | null): void;
  setText(text: string): void;
  setTextDatetime(value: string): void;
  /** Sends the current note for annotation. */
  submit(): void;
  select(id: number | null): void;
  /** Selects an annotation and asks the document to scroll to its span, focus and highlight it. */
  revealInNote(id: number): void;
  hover(id: number | null): void;
  setPanel(panel: Panel): void;
  setHideArcs(hide: boolean): void;
  setFilters(filters: Filters): void;
  setSearchQuery(query: string): void;
  /** Moves to the next (1) or previous (-1) of `count` hits, round the end. */
  stepSearch(delta: 1 | -1, count: number): void;
  setSearchFiltersTable(on: boolean): void;
  setNestedSites(nested: boolean): void;
  sortBy(column: SortColumn): void;
  setDictionaryUrl(url: string): void;
  dictionaryStarted(choice: DictionaryChoice): void;
  dictionaryProgress(loaded: number, total: number): void;
  /** A new active dictionary: the selection (an id in the other dictionary's result) is dropped. */
  dictionaryReady(choice: DictionaryChoice, info: DictionaryReady): void;
  /** A failed load: reported, while the active dictionary (if any) stays in use. */
  dictionaryFailed(choice: DictionaryChoice, message: string): void;
  reportError(entry: Omit<ErrorEntry, 'at'>): void;
  clearErrors(): void;
  /** A checked pack becomes active; null goes back to the default rules. */
  setContextRules(pack: ContextRulesPack | null): void;
  /** A refused pack: reported, while the active rules stay in use. */
  contextRulesFailed(name: string, message: string): void;
}

const MAX_ERRORS = 50;

/** Names the annotator a submission is for: "local", or the remote base URL. */
export function annotatorTarget(state: Pick<AppState, 'mode' | 'remoteBase'>): string {
  return state.mode === 'local' ? 'local' : `remote:${state.remoteBase.trim()}`;
}

export function defaultRemoteBase(): string {
  return typeof location === 'undefined' ? 'http://localhost:8080' : location.origin;
}

export const createAppStore = (storage: () => Storage = () => sessionStorage) =>
  create<AppState>()(
    persist(
      (set, get) => ({
        mode: 'local',
        remoteBase: defaultRemoteBase(),
        apiKey: '',
        keyProblem: null,
        text: '',
        textDatetime: formatTextDatetime(new Date()),
        submission: null,
        selectedId: null,
        reveal: null,
        hoverId: null,
        panel: 'table',
        hideArcs: false,
        filters: NO_FILTERS,
        search: { query: '', current: 0, seq: 0 },
        searchFiltersTable: false,
        nestedSites: true,
        sort: { column: 'begin', descending: false },
        dictionary: NO_DICTIONARY,
        dictionaryUrl: '',
        errors: [],
        contextRules: null,
        contextRulesError: null,

        setMode: (mode) => set({ mode, selectedId: null, hoverId: null }),
        setRemoteBase: (remoteBase) => set({ remoteBase }),
        setApiKey: (apiKey) => set({ apiKey, keyProblem: null }),
        setKeyProblem: (keyProblem) => set({ keyProblem }),
        setText: (text) => set({ text }),
        setTextDatetime: (textDatetime) => set({ textDatetime }),
        submit: () => {
          const state = get();
          const { text, textDatetime, submission } = state;
          const attempt = (submission?.attempt ?? 0) + 1;
          set({ submission: { text, textDatetime, target: annotatorTarget(state), attempt }, selectedId: null, hoverId: null });
        },
        select: (selectedId) => set({ selectedId }),
        revealInNote: (id) => set(({ reveal }) => ({ selectedId: id, reveal: { id, seq: (reveal?.seq ?? 0) + 1 } })),
        hover: (hoverId) => set({ hoverId }),
        setPanel: (panel) => set({ panel }),
        setHideArcs: (hideArcs) => set({ hideArcs }),
        setFilters: (filters) => set({ filters }),
        setSearchQuery: (query) => set(({ search }) => ({ search: { query, current: 0, seq: search.seq + 1 } })),
        stepSearch: (delta, count) =>
          set(({ search }) => ({
            search: { ...search, current: count === 0 ? 0 : (((search.current + delta) % count) + count) % count, seq: search.seq + 1 },
          })),
        setSearchFiltersTable: (searchFiltersTable) => set({ searchFiltersTable }),
        setNestedSites: (nestedSites) => set({ nestedSites }),
        sortBy: (column) => set(({ sort }) => ({ sort: { column, descending: sort.column === column ? !sort.descending : false } })),
        setDictionaryUrl: (dictionaryUrl) => set({ dictionaryUrl }),
        dictionaryStarted: (choice) => set(({ dictionary }) => ({ dictionary: loadStarted(dictionary, choice) })),
        dictionaryProgress: (loaded, total) => set(({ dictionary }) => ({ dictionary: loadProgressed(dictionary, loaded, total) })),
        dictionaryReady: (choice, info) =>
          set(({ dictionary }) => ({
            dictionary: loadSucceeded(choice, info),
            ...(dictionary.active?.info.contentHash === info.contentHash ? {} : { selectedId: null, hoverId: null }),
          })),
        dictionaryFailed: (choice, message) => {
          set(({ dictionary }) => ({ dictionary: loadFailed(dictionary, choice, message) }));
          get().reportError({ message: `No se pudo cargar el diccionario «${choiceLabel(choice)}».`, detail: message });
        },
        reportError: (entry) =>
          set(({ errors }) => ({ errors: [{ ...entry, at: new Date().toISOString() }, ...errors].slice(0, MAX_ERRORS) })),
        clearErrors: () => set({ errors: [] }),
        setContextRules: (contextRules) => set({ contextRules, contextRulesError: null }),
        contextRulesFailed: (name, message) => {
          set({ contextRulesError: message });
          get().reportError({ message: `No se pudo usar el paquete de reglas «${name}».`, detail: message });
        },
      }),
      {
        name: 'glosa-session',
        storage: createJSONStorage(storage),
        // Only what must survive a reload of the tab; results and UI ephemera are not kept.
        partialize: ({ mode, remoteBase, apiKey, text, textDatetime, contextRules, filters, nestedSites }) => ({
          mode,
          remoteBase,
          apiKey,
          text,
          textDatetime,
          contextRules,
          filters,
          nestedSites,
        }),
        // Filters kept by an older version (or edited by hand) are read defensively.
        merge: (persisted, current) => {
          const saved = (persisted ?? {}) as Partial<AppState>;
          return {
            ...current,
            ...saved,
            filters: sanitiseFilters(saved.filters),
            nestedSites: typeof saved.nestedSites === 'boolean' ? saved.nestedSites : current.nestedSites,
          };
        },
      },
    ),
  );

export const useAppStore = createAppStore();
