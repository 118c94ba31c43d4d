/**
 * The Stately inspector observer, handed to every app actor (`useActorRef(logic, { inspect: useInspect() })`).
 * It is undefined except in development with `?inspect` or VITE_INSPECT=true (see devtools.tsx).
 */
import { createContext, useContext } from 'react';
import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export const InspectContext = createContext<Inspect | undefined>(undefined);

export const useInspect = () => useContext(InspectContext);
