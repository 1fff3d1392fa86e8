/**
 * The pure side of the command kit: no imports, so a decider, its state and its tests load
 * nothing but their own feature's code.
 */

/** A domain event before it is stored. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** How a stream's events fold into a state. */
export interface Fold<State, Event> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
}

export interface Decider<State, Command, Event extends DomainEvent> extends Fold<State, Event> {
  /** Pure; throws AppError (ruleViolation, notFound, ...) to refuse. */
  decide: (command: Command, state: State) => Event | Event[];
}

/** Folds events in memory (tests, and the kit after a read). */
export const foldEvents = <State, Event>(fold: Fold<State, Event>, events: readonly Event[], from: State = fold.initialState()): State =>
  events.reduce(fold.evolve, from);

/** `decide`'s answer as a list. */
export const decideAll = <State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, command: Command, state: State): Event[] => {
  const decided = decider.decide(command, state);
  return Array.isArray(decided) ? decided : [decided];
};
