import Foundation
import StrataCore

/// Round-trip samples for `String` (empty, 100k characters, emoji, combining marks, NUL) and `Data` (empty, 1 MB).
extension RoundTripCases {
    /// 100,000 characters cycling through ASCII letters and digits.
    static let longString = String((0..<100_000).map { index in
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")[index % 62]
    })

    /// 1 MiB of bytes following a fixed pattern that covers every byte value.
    static let megabyte = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })

    /// The same string, scalar for scalar (stricter than Swift's canonical-equivalence `==`).
    static func sameScalars(_ read: String, _ written: String) -> Bool {
        read.unicodeScalars.elementsEqual(written.unicodeScalars)
    }

    static let text: [Sample] = [
        sample("string.empty", \.string, "", decoy: "x", same: sameScalars) { v in #Predicate<AllTypes> { $0.string == v } },
        sample("string.long100k", \.string, longString, decoy: "x", same: sameScalars) { v in #Predicate<AllTypes> { $0.string == v } },
        sample("string.emoji", \.string, "👩‍👩‍👧‍👦🇵🇹😀", decoy: "x", same: sameScalars) { v in #Predicate<AllTypes> { $0.string == v } },
        // Swift compares canonically: "é" precomposed equals "e" + U+0301, so either form may come back.
        sample("string.combining", \.string, "e\u{301}a\u{30A}", decoy: "x") { v in #Predicate<AllTypes> { $0.string == v } },
        sample("string.embeddedNUL", \.string, "a\u{0}b\u{0}", decoy: "a", same: sameScalars) { v in #Predicate<AllTypes> { $0.string == v } },
        sample("string.quotesAndPercent", \.string, "'; DROP TABLE x; -- %_\\\"", decoy: "x", same: sameScalars) { v in
            #Predicate<AllTypes> { $0.string == v }
        },
        sample("string.nonBMP", \.string, "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u{10FFFF}", decoy: "x", same: sameScalars) { v in #Predicate<AllTypes> { $0.string == v } },
        sample("data.empty", \.data, Data(), decoy: Data([0])) { v in #Predicate<AllTypes> { $0.data == v } },
        sample("data.oneMegabyte", \.data, megabyte, decoy: Data([1, 2, 3])) { v in #Predicate<AllTypes> { $0.data == v } },
        sample("data.zeroBytes", \.data, Data([0, 0, 0, 255, 0]), decoy: Data([0, 0, 0, 255])) { v in #Predicate<AllTypes> { $0.data == v } },
    ]
}
