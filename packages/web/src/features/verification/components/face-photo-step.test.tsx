import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FacePhotoStep } from './face-photo-step.tsx';

const precheck = vi.hoisted(() => ({
  precheckFacePhoto: vi.fn<(photo: Blob) => Promise<{ ok: true } | { ok: false; message: string }>>(),
}));
vi.mock('../face-precheck.ts', () => precheck);
afterEach(() => precheck.precheckFacePhoto.mockReset());

const photo = () => new File([new Uint8Array([1, 2, 3])], 'me.jpg', { type: 'image/jpeg' });

describe('the face photo step', () => {
  it('shows the guidance and the frame before the camera; a photo that passes the quick check is sent at once', async () => {
    precheck.precheckFacePhoto.mockResolvedValue({ ok: true });
    const send = vi.fn();
    render(<FacePhotoStep send={send} sending={false} />);
    expect(screen.getByText(/No sunglasses, mask/)).toBeInTheDocument();
    expect(screen.getByText(/Your face inside the oval/)).toBeInTheDocument();
    const file = photo();
    await userEvent.upload(screen.getByLabelText('Take the photo'), file);
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith(file));
    expect(screen.queryByRole('button', { name: 'Send it anyway' })).not.toBeInTheDocument();
  });

  it('a flagged photo shows the reason; it may be retaken or sent anyway (the server decides)', async () => {
    precheck.precheckFacePhoto.mockResolvedValue({ ok: false, message: 'No face detected' });
    const send = vi.fn();
    render(<FacePhotoStep send={send} sending={false} />);
    const file = photo();
    await userEvent.upload(screen.getByLabelText('Take the photo'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent('No face detected');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Take another photo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send it anyway' }));
    expect(send).toHaveBeenCalledWith(file);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('a quick check that cannot load leaves the photo to the server', async () => {
    precheck.precheckFacePhoto.mockRejectedValue(new Error('chunk failed'));
    const send = vi.fn();
    render(<FacePhotoStep send={send} sending={false} />);
    await userEvent.upload(screen.getByLabelText('Take the photo'), photo());
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });
});
