import type { UploadTarget } from '#contracts/posts.ts';
import { encodePng, type Rgb } from '../media/png.ts';
import type { DemoApp } from './demo-app.ts';

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as Rgb;
const inCircle = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

const W = 640;
const H = 400;

/** Pictures drawn in code for the demo feed (no files of unknown licence): a cup, pastries, a harbour. */
const PICTURES: Array<{ content: string; daysAgo: number; hour: number; draw: (x: number, y: number) => Rgb }> = [
  {
    content: 'Our autumn single origin from Huila has landed: caramel, red apple and a long cocoa finish. ☕',
    daysAgo: 1,
    hour: 9,
    draw: (x, y) => {
      if (inCircle(x, y, 320, 210, 110)) return inCircle(x, y, 320, 210, 88) ? [92, 54, 33] : [245, 240, 232];
      if (inCircle(x, y, 445, 210, 34) && !inCircle(x, y, 445, 210, 20)) return [245, 240, 232];
      return mix([196, 154, 108], [120, 78, 48], y / H);
    },
  },
  {
    content: 'Fresh out of the oven: cardamom buns, every morning from 7. Come early, they go fast!',
    daysAgo: 3,
    hour: 8,
    draw: (x, y) => {
      for (const [cx, cy] of [
        [200, 200],
        [330, 170],
        [450, 230],
      ] as const) {
        if (inCircle(x, y, cx, cy, 70)) return inCircle(x, y, cx, cy, 25) ? [176, 112, 52] : [222, 160, 86];
      }
      return mix([250, 236, 214], [233, 200, 160], (x + y) / (W + H));
    },
  },
  {
    content:
      'Sunny terrace today, the harbour is glittering. Bring a friend: the second flat white is on us until noon.',
    daysAgo: 5,
    hour: 11,
    draw: (x, y) => {
      if (inCircle(x, y, 500, 90, 45)) return [255, 214, 102];
      if (y > 260) return mix([38, 110, 160], [18, 60, 100], (y - 260) / (H - 260));
      return mix([140, 200, 240], [220, 238, 250], y / 260);
    },
  },
];

/**
 * The demo owner's feed: three posts with pictures over the last few days, each made as the owner makes
 * one (an upload target, the PUT of the picture, the post) through the owner API at its moment, so the
 * package's posts-per-day limit applies as it did then. None today: the demo owner can still post today.
 */
export async function seedDemoPosts(app: DemoApp, businessid: string, now: Date): Promise<void> {
  for (const [i, picture] of PICTURES.entries()) {
    const at = new Date(now);
    at.setUTCDate(at.getUTCDate() - picture.daysAgo);
    at.setUTCHours(picture.hour, 0, 0, 0);
    app.at(at);
    const { uploadUrl, key } = await app.asOwner<UploadTarget>(
      'GET',
      `/api/posts/upload-url?filename=picture-${i + 1}.png&fileType=image%2Fpng`,
    );
    await app.upload(uploadUrl, 'image/png', new Uint8Array(encodePng(W, H, picture.draw)));
    await app.asOwner('POST', `/api/businesses/${businessid}/posts`, { content: picture.content, imageUrl: key });
  }
}
