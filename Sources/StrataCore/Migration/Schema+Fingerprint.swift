extension Schema {
    /// A digest of the persisted shape (entities, stored attributes with their storage kind and
    /// optionality, relationships, uniqueness and indices), 16 hex digits. Two schemas with the
    /// same fingerprint need the same tables, so a store records it beside the version to notice
    /// models that changed without a new version.
    public var fingerprint: String {
        var digest = FNV1a()
        for entity in entities.sorted(by: { $0.name < $1.name }) {
            digest.add("\(entity.name) \(entity.fingerprintText)")
        }
        return digest.hex
    }
}

/// The 64-bit FNV-1a hash: stable across processes and releases, unlike `Hasher`.
private struct FNV1a {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 + [0] {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
