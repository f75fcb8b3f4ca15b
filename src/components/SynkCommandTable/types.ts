/** The shape of data/synk-commands.json, the command table of synk read by the CLI page and the tests. */
export type SynkFlag = {
  long: string;
  short?: string;
  /** Type of the flag's value (string, int); absent for a boolean switch. */
  value?: string;
  default?: string;
  required?: boolean;
  description: string;
};

export type SynkCommand = {
  /** The words after `synk`, for example "app-bundle upload". */
  command: string;
  /**
   * The operationId (api/synkronus.yaml) of the API call the command makes, as the description states it:
   * the reference at /api shows the command beside that call. Absent when the command makes no call, or
   * a call other than the described one.
   */
  operationId?: string;
  /** Usage of the positional arguments: <required>, [optional]. */
  args: string;
  maxArgs: number;
  /** When set, a literal argument must be one of these. */
  argChoices?: string[];
  flags: SynkFlag[];
  description: string;
  /** A known problem of the CLI and what to do instead. */
  note?: string;
  /** The id of the command's entry in the Known issues (its anchor, on the page of its area: src/known-issues). */
  knownIssue?: string;
};

export type SynkGroup = {name: string; description: string};

export type SynkCommandData = {
  binary: string;
  globalFlags: SynkFlag[];
  groups: SynkGroup[];
  commands: SynkCommand[];
};
