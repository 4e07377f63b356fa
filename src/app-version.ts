/** The app's version, stamped into every log header and compared with the version the hall serves (op.json). */
export const APP_VERSION = '0.1.0'
