import zlib from 'node:zlib';

type Entry = { name: string; data: Buffer; crc: number; size: number; method: 0 | 8 };

/** A zip of the given entries (stored or deflated, sizes and CRCs as given: a zip may lie about them). */
function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const stored = (name: string, text: string): Entry => {
  const data = Buffer.from(text);
  return { name, data, crc: zlib.crc32(data), size: data.length, method: 0 };
};

/**
 * A .docx whose word/document.xml unpacks to `mib` MiB of text from about 1 KB per MiB: one
 * deflated MiB (a full flush, so it stands alone) repeated. With `lie`, the zip declares the
 * entry 1 KB long (a bomb that hides from a reader trusting the declared sizes).
 */
export function zipBombDocx(mib: number, options: { lie?: boolean } = {}): Buffer {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      '<w:body><w:p><w:r><w:t>',
  );
  const tail = Buffer.from('</w:t></w:r></w:p></w:body></w:document>');
  const mebibyte = Buffer.alloc(1 << 20, 'a');
  const flushed = (b: Buffer) => zlib.deflateRawSync(b, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const packedMib = flushed(mebibyte);
  const data = Buffer.concat([flushed(head), ...Array.from({ length: mib }, () => packedMib), zlib.deflateRawSync(tail)]);
  let crc = zlib.crc32(head);
  for (let i = 0; i < mib; i++) crc = zlib.crc32(mebibyte, crc);
  crc = zlib.crc32(tail, crc);
  const size = options.lie ? 1024 : head.length + mib * mebibyte.length + tail.length;
  return zipOf([
    stored(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    stored(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
        'Target="word/document.xml"/></Relationships>',
    ),
    { name: 'word/document.xml', data, crc, size, method: 8 },
  ]);
}
