import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { account, renderAccountSettings } from './account-settings.test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('account settings: profile photo', () => {
  it('refuses a file of the wrong type before uploading', async () => {
    const server = renderAccountSettings({});
    const region = await screen.findByRole('region', { name: 'Profile photo' });
    const input = within(region).getByLabelText('Choose a photo file');
    await userEvent.upload(input, new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(within(region).getByRole('alert')).toHaveTextContent(
      'The photo must be a PNG, JPEG or WebP image.',
    );
    expect(server.callsTo('POST', '/api/app/account/photo')).toHaveLength(0);
  });

  it('previews an upload, then saves it as the multipart field photo', async () => {
    // jsdom has no object URLs; the preview only needs one to exist.
    Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:preview', configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    let sent: FormData | null = null;
    const server = renderAccountSettings({
      'POST /api/app/account/photo': {
        status: 201,
        body: { photoUrl: '/api/files/t1', photoName: 'me.png', photoExtension: 'png' },
      },
    });
    const originalFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body instanceof FormData) sent = init.body;
      return originalFetch(input, init);
    });
    const region = await screen.findByRole('region', { name: 'Profile photo' });
    await userEvent.upload(
      within(region).getByLabelText('Choose a photo file'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    expect(within(region).getByRole('img', { name: 'Preview of your new photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Save photo' }));
    expect(await within(region).findByText('Your photo is saved.')).toBeInTheDocument();
    // Through the resizing endpoint at the size shown (128 px), sharper on dense screens (spec §9).
    const saved = within(region).getByRole('img', { name: 'Profile photo of Alex Morgan' });
    expect(saved).toHaveAttribute('src', '/api/images/t1?w=128');
    expect(saved).toHaveAttribute(
      'srcset',
      '/api/images/t1?w=128 1x, /api/images/t1?w=256 2x, /api/images/t1?w=384 3x',
    );
    expect(server.callsTo('POST', '/api/app/account/photo')).toHaveLength(1);
    expect((sent as FormData | null)?.get('photo')).toBeInstanceOf(File);
  });

  it('removes the photo only after confirmation', async () => {
    const server = renderAccountSettings(
      { 'DELETE /api/app/account/photo': { status: 204 } },
      {
        ...account,
        profile: {
          ...account.profile,
          photoUrl: '/api/files/t0',
          photoName: 'me.png',
          photoExtension: 'png',
        },
      },
    );
    const region = await screen.findByRole('region', { name: 'Profile photo' });
    await userEvent.click(within(region).getByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove your photo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep photo' }));
    expect(server.callsTo('DELETE', '/api/app/account/photo')).toHaveLength(0);
    await userEvent.click(within(region).getByRole('button', { name: 'Remove photo' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove photo' }),
    );
    expect(await within(region).findByText('Your photo was removed.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/app/account/photo')).toHaveLength(1);
    expect(within(region).getByText('You have no photo yet.')).toBeInTheDocument();
  });

  it('explains a refused camera', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    });
    renderAccountSettings({});
    const region = await screen.findByRole('region', { name: 'Profile photo' });
    await userEvent.click(within(region).getByRole('button', { name: 'Take a photo' }));
    expect(await within(region).findByText(/Camera access was refused/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Take photo' })).toBeDisabled();
    await userEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(within(region).getByRole('button', { name: 'Upload a photo' })).toBeInTheDocument();
  });
});
