import { describe, expect, it } from 'vitest';
import { driveFileId } from './drive-link';

const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz_-0123';

describe('driveFileId', () => {
  it.each([
    `https://drive.google.com/file/d/${ID}/view?usp=sharing`,
    `https://drive.google.com/file/d/${ID}`,
    `https://drive.google.com/open?id=${ID}`,
    `https://drive.google.com/uc?id=${ID}&export=download`,
    `https://docs.google.com/file/d/${ID}/edit`,
    `https://docs.google.com/document/d/${ID}/edit`,
    `  https://drive.google.com/file/d/${ID}/view  `,
  ])('reads the id of %s', (link) => {
    expect(driveFileId(link)).toBe(ID);
  });

  it.each([
    'https://example.com/file/d/1AbCdEfGhIjKlMnOp/view',
    'https://drive.google.com.evil.example/file/d/1AbCdEfGhIjKlMnOp/view',
    'https://evil.example/?u=https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp',
    'http://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view',
    'https://user:pw@drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view',
    'https://drive.google.com:8443/file/d/1AbCdEfGhIjKlMnOp/view',
    'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp',
    'https://drive.google.com/file/d/short/view',
    'https://drive.google.com/file/d/..%2F..%2Fetc/view',
    'https://drive.google.com/open?id=../../x',
    'not a url',
    '',
  ])('refuses %s', (link) => {
    expect(driveFileId(link)).toBeNull();
  });
});
