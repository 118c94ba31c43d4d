/**
 * Issue 26 "Owner polish", the screens' side: each finding reproduced through the real view with fake
 * effects (machine.provide), so each test failed before its fix.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { postComposerMachine } from '#machines/post-composer.machine.ts';
import { demoBusiness } from '#machines/samples/demo.samples.ts';
import { ApiError, toFailure } from '#src/api/errors.ts';
import { PostComposer } from '#src/features/dashboard/post-composer.tsx';

describe('the post composer after a refused photo (bug a)', () => {
  it('"Remove photo" drops the dead image key: the next text-only post names no image', async () => {
    const posted: Array<{ imageUrl: string | null }> = [];
    const logic = postComposerMachine.provide({
      actors: {
        checkLimit: fromPromise(async () => ({ canCreate: true as boolean, limit: 3 })),
        getUploadTarget: fromPromise(async () => ({
          uploadUrl: '/api/public/media-uploads?key=k',
          key: 'posts/b/dead.jpg',
        })),
        uploadPhoto: fromPromise(async (): Promise<void> => {
          throw toFailure(
            new ApiError('http', 'The file is not a JPG, PNG or GIF.', 415, 'The file is not a JPG, PNG or GIF.'),
          );
        }),
        createPost: fromPromise(async ({ input }) => {
          posted.push({ imageUrl: input.imageUrl });
          return {
            postid: 'p1',
            content: input.content ?? '',
            imageurl: input.imageUrl,
            createdat: new Date().toISOString(),
            authoremail: 'o@x',
          };
        }),
      },
    });
    render(<PostComposer business={demoBusiness} firstName="Nell" onPosted={() => {}} logic={logic} />);
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Fresh bread' } });
    const file = new File(['not a jpeg'], 'not-a-photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('The file is not a JPG, PNG or GIF.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted).toEqual([{ imageUrl: null }]));
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Post text').value).toBe(''));
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });
});
