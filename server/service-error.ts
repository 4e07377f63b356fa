/** A service answer other than success: its code and message reach the lobby with HTTP 200. */
export class ServiceError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}
