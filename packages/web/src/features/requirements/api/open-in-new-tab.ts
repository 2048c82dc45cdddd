/**
 * Opens a new tab during the click (so no pop-up blocker stops it) and sends it to the address the server gives;
 * closes it if the server refuses. Gives the address, so the page can offer it as a link too.
 */
export async function openInNewTab(getUrl: () => Promise<string>): Promise<string> {
  const tab = window.open('', '_blank');
  try {
    const url = await getUrl();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    }
    return url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
