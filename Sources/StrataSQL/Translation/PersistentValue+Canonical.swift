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
        utf8.allSatisfy { $0 < 0x80 } ? self : precomposedStringWithCanonicalMapping
    }
}
