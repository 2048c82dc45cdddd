import sharp from 'sharp';
import { checkDocumentImage } from '../src/modules/verification/document-image.ts';
import { checkFacePhoto, detectFacesOnly, warmFaceModels } from '../src/modules/verification/face-check.ts';
import { facePhoto, withSunglasses } from '../src/modules/verification/face.samples.ts';
import { birthCertificate } from '../src/modules/verification/verification.samples.ts';
import { compare, report } from './measure.ts';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Issue 29's verification benchmarks, no database: the face check per photo against the bare Human detection of
 * the same photo (decode included on both sides), the document check against sharp's bare decode and re-encode of
 * the same card (goal ≤ 1.5× each), and the process's memory with the face models loaded (reported).
 */
export async function benchVerification(): Promise<void> {
  const before = process.memoryUsage().rss;
  await warmFaceModels();
  const loaded = process.memoryUsage().rss;
  console.warn(
    `verification: RSS ${mb(before)} before the face models, ${mb(loaded)} with them loaded (+${mb(loaded - before)})`,
  );
  for (const [name, photo] of [
    ['clear face', await facePhoto()],
    ['sunglasses', await withSunglasses()],
  ] as const) {
    const r = await compare(
      { name: 'checkFacePhoto', run: () => checkFacePhoto(photo) },
      { name: 'human.detect', run: () => detectFacesOnly(photo) },
      { rounds: 5, iterations: 10 },
    );
    report(`face check (${name}) vs bare detection`, r, { max: 1.5 });
  }
  const card = await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' });
  const r = await compare(
    { name: 'checkDocumentImage', run: () => checkDocumentImage(card, 100) },
    {
      name: 'sharp decode+encode',
      run: () =>
        sharp(card)
          .rotate()
          .greyscale()
          .resize({ width: 2000, withoutEnlargement: true })
          .normalise()
          .png()
          .toBuffer(),
    },
    { rounds: 5, iterations: 10 },
  );
  report('document check vs bare sharp pipeline', r, { max: 1.5 });
  console.warn(`verification: RSS after the runs ${mb(process.memoryUsage().rss)}`);
}
