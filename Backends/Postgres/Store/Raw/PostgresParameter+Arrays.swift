internal import CLibPQ

extension PostgresParameter {
    /// Calls `body` with the four parallel arrays libpq takes for parameters: type OIDs, value
    /// pointers (`nil` for NULL), byte lengths and format codes; `nil` pointers for no parameters.
    ///
    /// Every value is copied into one buffer that outlives the call, so an empty value still has a
    /// non-`nil` pointer (a `nil` pointer would bind NULL).
    /// - Throws: ``PostgresError/Kind/invalidValue`` for a value longer than libpq's `int` lengths.
    static func withArrays<Result>(
        _ parameters: [PostgresParameter], sql: String,
        _ body: (
            _ types: UnsafePointer<Oid>?, _ values: UnsafePointer<UnsafePointer<CChar>?>?,
            _ lengths: UnsafePointer<Int32>?, _ formats: UnsafePointer<Int32>?
        ) -> Result
    ) throws(PostgresError) -> Result {
        var storage: [UInt8] = []
        storage.reserveCapacity(parameters.count * 12)
        var offsets: [Int?] = []
        offsets.reserveCapacity(parameters.count)
        var lengths: [Int32] = []
        lengths.reserveCapacity(parameters.count)
        for (index, parameter) in parameters.enumerated() {
            let start = storage.count
            switch parameter.payload {
            case .null:
                offsets.append(nil)
                lengths.append(0)
                continue
            case .fixed(let value, let count):
                withUnsafeBytes(of: value.bigEndian) { storage.append(contentsOf: $0.suffix(count)) }
            case .text(let text):
                PostgresTextEscaping.append(text, to: &storage)
            case .bytes(let bytes):
                storage += bytes
            }
            guard let length = Int32(exactly: storage.count - start) else {
                throw PostgresError(kind: .invalidValue, message: "parameter $\(index + 1) is larger than 2 GiB", sql: sql)
            }
            offsets.append(start)
            lengths.append(length)
        }
        storage.append(0)
        let types = parameters.map { Oid($0.type) }
        let formats = parameters.map(\.format)
        return storage.withUnsafeBytes { buffer in
            let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
            let values = offsets.map { offset in offset.map { UnsafePointer(base + $0) } }
            return types.withUnsafeBufferPointer { types in
                values.withUnsafeBufferPointer { values in
                    lengths.withUnsafeBufferPointer { lengths in
                        formats.withUnsafeBufferPointer { formats in
                            body(types.baseAddress, values.baseAddress, lengths.baseAddress, formats.baseAddress)
                        }
                    }
                }
            }
        }
    }
}
