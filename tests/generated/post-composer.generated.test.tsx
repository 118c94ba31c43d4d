/**
 * Every transition of the post composer, played through the real composer with fake effects (limit
 * check, upload target, upload, post). Texts are the spec's (tests/spec/spec-texts.ts).
 */
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { ComposerContext, Photo } from '#machines/post-composer.machine.ts';
import { postComposerEntry } from '#machines/samples/dashboard.samples.ts';
import { PostComposer } from '#src/features/dashboard/post-composer.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const text = () => screen.getByLabelText<HTMLTextAreaElement>('Post text');
const postButton = () => screen.getByRole('button', { name: /^(Post|Posting\.\.\.)$/ });
const live = (flow: Flow) => flow.live().context as ComposerContext;

function expectComposer(flow: Flow, busy: boolean) {
  const ctx = live(flow);
  expect(text().placeholder).toBe(ctx.firstName ? `What's on your mind, ${ctx.firstName}?` : "What's on your mind?");
  expect(text().value).toBe(ctx.content);
  expect(postButton().textContent).toBe(busy ? specTexts.posting : specTexts.post);
  const nothing = ctx.content === '' && ctx.photo === null;
  expect(postButton().matches(':disabled')).toBe(busy || nothing);
  if (ctx.photo) expect(screen.getByRole('button', { name: 'Remove photo' })).toBeTruthy();
  else expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
  const alert = screen.queryByRole('alert');
  expect(alert?.textContent ?? null).toBe(ctx.error);
}

const SPEC_ERRORS = [
  specTexts.postEmpty,
  specTexts.postNoBusiness,
  specTexts.postFileType,
  specTexts.postFileSize,
  specTexts.postFailed,
];

describeFlow(postComposerEntry, {
  render: (hooks, flow) => {
    const input = flow.path.input as { business: BusinessProfile | null; firstName: string | null };
    return (
      <PostComposer business={input.business} firstName={input.firstName} onPosted={flow.spy('onPosted')} {...hooks} />
    );
  },
  perform: {
    'post.edit': (e: { content: string }) => {
      const field = text();
      if (field.value === e.content) {
        (field as unknown as { _valueTracker?: { setValue: (v: string) => void } })._valueTracker?.setValue(
          `${e.content}~`,
        );
      }
      fireEvent.change(field, { target: { value: e.content } });
    },
    'post.attach': (e: { photo: Photo }) => {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      const file = new File([new Uint8Array(e.photo.size)], e.photo.name, { type: e.photo.type });
      fireEvent.change(input, { target: { files: [file] } });
    },
    'post.removePhoto': () => fireEvent.click(screen.getByRole('button', { name: 'Remove photo' })),
    'post.submit': () => fireEvent.click(postButton()),
  },
  expectUi: {
    idle: (s, flow) => {
      expectComposer(flow, false);
      const error = (s.context as ComposerContext).error;
      // Every message the composer shows is the spec's, or the limit text, or the server's own words.
      if (error && !SPEC_ERRORS.includes(error as never)) expect(error).toMatch(/daily post limit|\w/);
    },
    checkingLimit: (_s, flow) => {
      expectComposer(flow, true);
      expect(flow.fakes.checkLimit?.inputs.at(-1)).toEqual({ businessid: live(flow).business?.businessid });
    },
    gettingUploadTarget: (_s, flow) => {
      expectComposer(flow, true);
      const photo = live(flow).photo!;
      expect(flow.fakes.getUploadTarget?.inputs.at(-1)).toEqual({ filename: photo.name, fileType: photo.type });
    },
    uploading: (_s, flow) => expectComposer(flow, true),
    posting: (_s, flow) => {
      expectComposer(flow, true);
      const ctx = live(flow);
      expect(flow.fakes.createPost?.inputs.at(-1)).toEqual({
        businessid: ctx.business?.businessid,
        content: ctx.content.trim() || null,
        imageUrl: ctx.target?.key ?? null,
      });
    },
  },
});
