/**
 * The drag-and-drop addon's column wrapper (react-big-calendar ships no types for it): the calendar grid
 * renders it itself, with the column's boxes kept under one keyed fragment (calendar-grid.tsx).
 */
declare module 'react-big-calendar/lib/addons/dragAndDrop/EventContainerWrapper' {
  import type { ComponentType, ReactNode } from 'react';

  const EventContainerWrapper: ComponentType<{ children?: ReactNode }>;
  export default EventContainerWrapper;
}
