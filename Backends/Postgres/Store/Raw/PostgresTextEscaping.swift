import Foundation

/// PostgreSQL `text` cannot hold U+0000, which Swift strings may contain. Strata stores text
/// through a small code: U+0000 → U+0001 U+0001, U+0001 → U+0001 U+0002, every other scalar as
/// itself. The code is prefix-free and keeps order, so equality, `IN` and code-point order
/// (`COLLATE "C"`) on escaped text agree with Swift on the original; `strpos` agrees for
/// needles without U+0000…U+0002 (``PostgresDialect/canSearch(for:)`` keeps the others in
/// memory). Text without U+0000 or U+0001 — nearly all text — is stored unchanged.
///
/// `jsonb` refuses the escape `\u0000` in JSON strings for the same reason, so JSON gets the
/// same code at the level of its escapes: `\u0000` → `\u0001\u0001`, `\u0001` → `\u0001\u0002`.
enum PostgresTextEscaping {
    static let escape: UInt8 = 0x01

    /// Appends the UTF-8 bytes of `text` as stored; text without U+0000 or U+0001 is copied as is.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            guard utf8.contains(where: { $0 <= escape }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.reserveCapacity(bytes.count + utf8.count + 8)
            for byte in utf8 {
                if byte <= escape {
                    bytes.append(escape)
                    bytes.append(byte + 1)
                } else {
                    bytes.append(byte)
                }
            }
        }
    }

    /// The text that stored UTF-8 `bytes` stand for.
    static func unescaped(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.contains(escape) else { return String(decoding: bytes, as: UTF8.self) }
        var original: [UInt8] = []
        original.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == escape, index + 1 < bytes.endIndex {
                original.append(bytes[index + 1] - 1)
                index += 2
            } else {
                original.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: original, as: UTF8.self)
    }

    private static let jsonEscapedNUL = Array(#"\u0000"#.utf8)
    private static let jsonEscapedEscape = Array(#"\u0001"#.utf8)
    private static let jsonStoredNUL = Array(#"\u0001\u0001"#.utf8)
    private static let jsonStoredEscape = Array(#"\u0001\u0002"#.utf8)

    /// JSON text as stored in `jsonb`.
    static func escapedJSON(_ json: Data) -> [UInt8] {
        rewriteEscapes(Array(json), [(jsonEscapedNUL, jsonStoredNUL), (jsonEscapedEscape, jsonStoredEscape)])
    }

    /// The JSON text that stored `jsonb` text stands for.
    static func unescapedJSON(_ json: Data) -> Data {
        Data(rewriteEscapes(Array(json), [(jsonStoredNUL, jsonEscapedNUL), (jsonStoredEscape, jsonEscapedEscape)]))
    }

    /// Replaces JSON escape sequences that start a match in `rules`; every other escape is copied
    /// whole, so a `\\` never starts a false match.
    private static func rewriteEscapes(_ json: [UInt8], _ rules: [(from: [UInt8], to: [UInt8])]) -> [UInt8] {
        let backslash = UInt8(ascii: "\\")
        guard json.contains(backslash) else { return json }
        var output: [UInt8] = []
        output.reserveCapacity(json.count)
        var index = 0
        while index < json.count {
            guard json[index] == backslash else {
                output.append(json[index])
                index += 1
                continue
            }
            if let rule = rules.first(where: { json[index...].starts(with: $0.from) }) {
                output += rule.to
                index += rule.from.count
            } else {
                output += json[index..<min(index + 2, json.count)]
                index += 2
            }
        }
        return output
    }
}
