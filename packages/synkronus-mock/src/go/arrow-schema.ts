/**
 * The `ARROW:schema` value the release's export stores in each Parquet file: `pqarrow.WithStoreSchema()`
 * (pkg/dataexport/service.go:116 at the tag) has Arrow Go v14.0.2 write the schema as an IPC stream with no
 * record batch (arrow/flight/record_batch_writer.go:107, parquet/pqarrow/file_writer.go:80-82), base64 encoded.
 * The stream is one Schema message, a FlatBuffer built by arrow/ipc/metadata.go:1086-1145 with
 * google/flatbuffers v23.5.26's Go builder, then the end-of-stream marker. Only the field types the export uses
 * are encoded: Utf8, Bool, Int(64, signed) and FloatingPoint(DOUBLE).
 */

/** The Arrow types of the export's columns (pkg/dataexport/service.go:132-161 at the tag). */
export type ArrowType = 'utf8' | 'bool' | 'int64' | 'float64';
export type ArrowField = {name: string; type: ArrowType; nullable: boolean};

/**
 * A FlatBuffer written back to front, as the Go builder writes it: the same alignment padding (relative to the
 * end of the buffer), default values left out, trailing empty vtable slots trimmed, and a vtable reused when an
 * earlier one has the same field offsets (the Go builder compares those only, not the table sizes).
 */
class FlatBuilder {
  private bytes = new Uint8Array(1024);
  private head = 1024;
  private minAlign = 1;
  private vtable: number[] = [];
  private objectEnd = 0;
  private readonly vtables: number[] = [];

  offset() {
    return this.bytes.length - this.head;
  }

  private prep(size: number, additional: number) {
    this.minAlign = Math.max(this.minAlign, size);
    const pad = (~(this.offset() + additional) + 1) & (size - 1);
    while (this.head <= pad + size + additional) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes, this.bytes.length);
      this.head += this.bytes.length;
      this.bytes = grown;
    }
    for (let i = 0; i < pad; i++) this.bytes[--this.head] = 0;
  }

  private place(value: number, size: 1 | 2 | 4) {
    this.head -= size;
    const view = new DataView(this.bytes.buffer);
    if (size === 1) view.setUint8(this.head, value);
    else if (size === 2) view.setInt16(this.head, value, true);
    else view.setInt32(this.head, value, true);
  }

  private prepend(value: number, size: 1 | 2 | 4) {
    this.prep(size, 0);
    this.place(value, size);
  }

  /** An offset to something already written, as the distance from where it is written. */
  private prependOffset(target: number) {
    this.prep(4, 0);
    this.place(this.offset() - target + 4, 4);
  }

  string(text: string): number {
    const utf8 = new TextEncoder().encode(text);
    this.prep(4, utf8.length + 1);
    this.bytes[--this.head] = 0;
    this.head -= utf8.length;
    this.bytes.set(utf8, this.head);
    this.place(utf8.length, 4);
    return this.offset();
  }

  /** A vector of offsets to tables, its last element written first. */
  vector(offsets: number[]): number {
    this.prep(4, offsets.length * 4);
    this.prep(4, offsets.length * 4);
    for (let i = offsets.length - 1; i >= 0; i--) this.prependOffset(offsets[i]);
    this.place(offsets.length, 4);
    return this.offset();
  }

  startTable(slots: number) {
    this.vtable = new Array<number>(slots).fill(0);
    this.objectEnd = this.offset();
  }

  /** A scalar field, left out when it has the default value (0 or false for every field written here). */
  scalar(slot: number, value: number, size: 1 | 2 | 4) {
    if (value === 0) return;
    this.prepend(value, size);
    this.vtable[slot] = this.offset();
  }

  /** An offset field, left out when it is 0 (nothing written). */
  reference(slot: number, target: number) {
    if (target === 0) return;
    this.prependOffset(target);
    this.vtable[slot] = this.offset();
  }

  endTable(): number {
    this.prepend(0, 4);
    const object = this.offset();
    let used = this.vtable.length;
    while (used > 0 && this.vtable[used - 1] === 0) used--;
    const fields = this.vtable.slice(0, used).map((at) => (at ? object - at : 0));
    const view = new DataView(this.bytes.buffer);
    const reused = [...this.vtables].reverse().find((vt) => {
      const start = this.bytes.length - vt;
      const length = view.getUint16(start, true);
      if (length !== (fields.length + 2) * 2) return false;
      return fields.every((field, i) => view.getUint16(start + 4 + i * 2, true) === field);
    });
    if (reused !== undefined) {
      view.setInt32(this.bytes.length - object, reused - object, true);
      return object;
    }
    for (let i = fields.length - 1; i >= 0; i--) this.prepend(fields[i], 2);
    this.prepend(object - this.objectEnd, 2);
    this.prepend((fields.length + 2) * 2, 2);
    view.setInt32(this.bytes.length - object, this.offset() - object, true);
    this.vtables.push(this.offset());
    return object;
  }

  finish(root: number): Uint8Array {
    this.prep(this.minAlign, 4);
    this.prependOffset(root);
    return this.bytes.slice(this.head);
  }
}

/** Type ids of the `Type` union and the values of Schema.fbs's enums. */
const TYPE_INT = 2;
const TYPE_FLOATING_POINT = 3;
const TYPE_UTF8 = 5;
const TYPE_BOOL = 6;
const PRECISION_DOUBLE = 2;
const METADATA_V5 = 4;
const HEADER_SCHEMA = 1;

/** fieldVisitor.visit (arrow/ipc/metadata.go:227): the type table, and its id in the union. */
function typeTable(b: FlatBuilder, type: ArrowType): [number, number] {
  if (type === 'int64') {
    b.startTable(2);
    b.scalar(0, 64, 4);
    b.scalar(1, 1, 1);
    return [TYPE_INT, b.endTable()];
  }
  if (type === 'float64') {
    b.startTable(1);
    b.scalar(0, PRECISION_DOUBLE, 2);
    return [TYPE_FLOATING_POINT, b.endTable()];
  }
  b.startTable(0);
  return [type === 'utf8' ? TYPE_UTF8 : TYPE_BOOL, b.endTable()];
}

/** fieldVisitor.result (arrow/ipc/metadata.go:496): name, type, an empty children vector, no metadata. */
function fieldTable(b: FlatBuilder, field: ArrowField): number {
  const name = b.string(field.name);
  const [typeId, type] = typeTable(b, field.type);
  const children = b.vector([]);
  b.startTable(7);
  b.reference(0, name);
  b.scalar(1, field.nullable ? 1 : 0, 1);
  b.scalar(2, typeId, 1);
  b.reference(3, type);
  b.reference(5, children);
  return b.endTable();
}

/** The Schema message as the IPC stream writer frames it, then the end-of-stream marker (arrow/ipc/metadata.go:1238). */
export function arrowSchemaMessage(fields: ArrowField[]): Uint8Array {
  const b = new FlatBuilder();
  const vector = b.vector(fields.map((field) => fieldTable(b, field)));
  // The schema: little-endian (the default, left out), its fields, no custom metadata.
  b.startTable(4);
  b.reference(1, vector);
  const schema = b.endTable();
  // The message: version V5, a Schema header, a body of length 0 (the default, left out).
  b.startTable(5);
  b.scalar(0, METADATA_V5, 2);
  b.scalar(1, HEADER_SCHEMA, 1);
  b.reference(2, schema);
  const flat = b.finish(b.endTable());
  const padded = Math.ceil((flat.length + 8) / 8) * 8;
  const out = new Uint8Array(padded + 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0xffffffff, true);
  view.setUint32(4, padded - 8, true);
  out.set(flat, 8);
  view.setUint32(padded, 0xffffffff, true);
  return out;
}

/** The value of the `ARROW:schema` key. */
export const arrowSchemaBase64 = (fields: ArrowField[]) => {
  let binary = '';
  for (const byte of arrowSchemaMessage(fields)) binary += String.fromCharCode(byte);
  return btoa(binary);
};
