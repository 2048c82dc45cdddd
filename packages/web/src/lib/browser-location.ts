/**
 * Full-page navigation, behind one object so tests can watch it (jsdom cannot leave the page). Used where the
 * app must leave the SPA, e.g. the identity service's logout.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
