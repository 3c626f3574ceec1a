/** Name of the session cookie. */
export const SESSION_COOKIE = 'rainplan.sid';
/** Header that carries the anti-forgery token on every state-changing call of a signed-in user. */
export const ANTI_FORGERY_HEADER = 'X-XSRF-TOKEN';
