import Foundation
import StrataCore

extension PersistentValue {
    /// The form SQL stores write and compare: strings in Unicode NFC, so `"é"` and `"e\u{301}"`
    /// are one value, as Swift's `==` says. Other values are unchanged.
    public var canonical: PersistentValue {
        guard case .string(let string) = self else { return self }
        return .string(string.canonicalForm)
    }
}

extension String {
    /// The string in Unicode NFC; ASCII text is returned as is, since it is already NFC.
    public var canonicalForm: String {
        isASCII ? self : precomposedStringWithCanonicalMapping
    }

    /// Whether every byte is ASCII; reads native strings' bytes in place, eight at a time.
    private var isASCII: Bool {
        let inPlace = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let raw = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while offset + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                offset += 8
            }
            while offset < raw.count {
                if raw[offset] >= 0x80 { return false }
                offset += 1
            }
            return true
        }
        return inPlace ?? utf8.allSatisfy { $0 < 0x80 }
    }
}
