// Binary-format parameters for raw libpq calls (RawPostgres.swift).

/// Binary-format bind values for one statement: every value's bytes in one buffer, NULL as a
/// negative offset. Reused between statements so a run allocates once.
struct Binds {
    private var buffer: [UInt8] = []
    private var offsets: [Int] = []
    private var lengths: [Int32] = []
    private var pointers: [UnsafePointer<CChar>?] = []
    private var formats: [Int32] = []

    init(capacity: Int) {
        buffer.reserveCapacity(capacity * 16)
        offsets.reserveCapacity(capacity)
        lengths.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        buffer.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
    }

    private mutating func append<Integer: FixedWidthInteger>(bigEndian value: Integer) {
        offsets.append(buffer.count)
        lengths.append(Int32(MemoryLayout<Integer>.size))
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }

    private mutating func null() {
        offsets.append(-1)
        lengths.append(0)
    }

    mutating func int64(_ value: Int64?) {
        if let value { append(bigEndian: value) } else { null() }
    }

    mutating func double(_ value: Double) { append(bigEndian: value.bitPattern) }

    mutating func bool(_ value: Bool) {
        offsets.append(buffer.count)
        lengths.append(1)
        buffer.append(value ? 1 : 0)
    }

    mutating func text(_ value: String) {
        offsets.append(buffer.count)
        var value = value
        value.withUTF8 { buffer.append(contentsOf: $0) }
        lengths.append(Int32(buffer.count - offsets.last!))
    }

    /// Calls `body` with libpq's parameter arrays (count, values, lengths, formats), valid only inside it.
    mutating func withArrays<Result>(
        _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<Int32>, UnsafePointer<Int32>) -> Result
    ) -> Result {
        let count = offsets.count
        if formats.count < count { formats = Array(repeating: 1, count: count) }
        var pointers: [UnsafePointer<CChar>?] = []
        swap(&pointers, &self.pointers)
        defer { swap(&pointers, &self.pointers) }
        pointers.removeAll(keepingCapacity: true)
        return buffer.withUnsafeBufferPointer { bytes in
            for offset in offsets {
                pointers.append(offset < 0 ? nil : UnsafeRawPointer(bytes.baseAddress! + offset).assumingMemoryBound(to: CChar.self))
            }
            return body(Int32(count), pointers, lengths, formats)
        }
    }
}
