// Errors are values with a message a user can act on; interfaces only format them.
export class ArbiterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArbiterError";
  }
}
