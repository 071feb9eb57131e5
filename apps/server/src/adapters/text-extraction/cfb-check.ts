// Sector-chain check of a CFB (Word 97-2003) container, run before word-extractor reads it.
// word-extractor follows the allocation tables without remembering where it has been: a 2 KB
// file whose chain loops back on itself made it allocate until the process had 4.8 GB. This
// reads the same tables and refuses any chain that loops or leaves the file.
// Plain erasable TypeScript: it runs inside the extraction worker.

const HEADER_SECTORS_IN_DIFAT = 109;

/** Why the container's chains cannot be followed safely, or null when they can. */
export function checkCfbChains(data: Uint8Array): string | null {
  if (data.length < 512) return 'shorter than a CFB header';
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const i32 = (at: number) => view.getInt32(at, true);
  const sectorShift = u16(30);
  // Version 3 uses 512-byte sectors, version 4 uses 4096. Anything else word-extractor refuses
  // (or reads nothing) without following a chain, and a malformed header is its failure to report.
  if (sectorShift !== 9 && sectorShift !== 12) return null;
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.max(0, Math.floor(data.length / sectorSize) - 1);
  const sectorAt = (id: number) => (id + 1) * sectorSize;
  const inFile = (id: number) => id >= 0 && id < sectorCount;

  const fatSectorCount = i32(44);
  const difatSectorCount = i32(72);
  if (fatSectorCount < 0 || fatSectorCount > sectorCount) return 'FAT larger than the file';
  if (difatSectorCount < 0 || difatSectorCount > sectorCount) return 'DIFAT larger than the file';

  // The FAT's own sectors: 109 in the header, the rest along the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_SECTORS_IN_DIFAT && fatSectors.length < fatSectorCount; i++)
    fatSectors.push(i32(76 + i * 4));
  const perDifat = sectorSize / 4 - 1;
  const seenDifat = new Set<number>();
  let difat = i32(68);
  for (let n = 0; n < difatSectorCount && fatSectors.length < fatSectorCount; n++) {
    if (!inFile(difat)) return 'DIFAT chain leaves the file';
    if (seenDifat.has(difat)) return 'DIFAT chain loops';
    seenDifat.add(difat);
    for (let i = 0; i < perDifat && fatSectors.length < fatSectorCount; i++)
      fatSectors.push(i32(sectorAt(difat) + i * 4));
    difat = i32(sectorAt(difat) + perDifat * 4);
  }
  if (fatSectors.some((id) => !inFile(id))) return 'FAT sector outside the file';

  const fat = new Int32Array(fatSectors.length * (sectorSize / 4));
  fatSectors.forEach((id, s) => {
    for (let i = 0; i < sectorSize / 4; i++) fat[s * (sectorSize / 4) + i] = i32(sectorAt(id) + i * 4);
  });
  const fatLoop = findLoop(fat);
  if (fatLoop) return `FAT ${fatLoop}`;

  // The mini FAT sits on a FAT chain (now known to end); its own chains must end too.
  const miniFatSectors = chain(fat, i32(60));
  if (miniFatSectors.some((id) => !inFile(id))) return 'mini FAT sector outside the file';
  const miniFat = new Int32Array(miniFatSectors.length * (sectorSize / 4));
  miniFatSectors.forEach((id, s) => {
    for (let i = 0; i < sectorSize / 4; i++) miniFat[s * (sectorSize / 4) + i] = i32(sectorAt(id) + i * 4);
  });
  const miniLoop = findLoop(miniFat);
  return miniLoop ? `mini FAT ${miniLoop}` : null;
}

/** The sectors of the chain that starts at `start`, in a table already known to have no loop. */
function chain(table: Int32Array, start: number): number[] {
  const out: number[] = [];
  for (let id = start; id >= 0 && id < table.length; id = table[id]!) out.push(id);
  return out;
}

/**
 * A chain table is a function from each sector to the next: it has a loop exactly when walking
 * from some sector comes back to a sector of the same walk. Linear: each sector is walked once.
 */
function findLoop(table: Int32Array): string | null {
  const state = new Uint8Array(table.length); // 0 unseen, 1 on the current walk, 2 known to end
  for (let start = 0; start < table.length; start++) {
    if (state[start] !== 0) continue;
    const walk: number[] = [];
    let id = start;
    while (id >= 0 && id < table.length && state[id] === 0) {
      state[id] = 1;
      walk.push(id);
      id = table[id]!;
    }
    if (id >= 0 && id < table.length && state[id] === 1) return `chain loops at sector ${id}`;
    if (id >= table.length) return `chain points past the table (sector ${id})`;
    for (const w of walk) state[w] = 2;
  }
  return null;
}
