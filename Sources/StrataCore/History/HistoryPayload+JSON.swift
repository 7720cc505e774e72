import Foundation

extension HistoryPayload {
    /// The payload as the JSON text ``encoder`` writes (the same fields, read back by
    /// ``decoder``), written directly: every save records one, and `JSONEncoder`'s generic
    /// containers cost a server about a tenth of its CPU per write. Tombstones and non-integer
    /// keys, which hold arbitrary persisted values, and a non-finite timestamp still go through
    /// ``encoder``.
    var json: String {
        guard timestamp.isFinite else { return Self.encoded(self) }
        var writer = JSONTextWriter()
        writer.open("{")
        writer.key("timestamp")
        writer.raw(timestamp.description)
        if let author {
            writer.key("author")
            writer.string(author)
        }
        writer.key("origin")
        writer.string(origin.uuidString)
        writer.key("process")
        writer.string(process)
        writer.key("processIdentifier")
        writer.raw(String(processIdentifier))
        for (name, groups) in [("inserted", inserted), ("updated", updated), ("deleted", deleted)] {
            writer.key(name)
            writer.open("[")
            for rows in groups { writer.rows(rows) }
            writer.close("]")
        }
        writer.key("tombstones")
        writer.raw(tombstones.isEmpty ? "[]" : Self.encoded(tombstones))
        if let erased {
            writer.key("erased")
            writer.raw(erased ? "true" : "false")
        }
        writer.close("}")
        return writer.text
    }

    /// `value` as ``encoder`` writes it; every value the payload holds encodes.
    fileprivate static func encoded(_ value: some Encodable) -> String {
        String(decoding: try! encoder.encode(value), as: UTF8.self)
    }
}

/// Builds JSON text: objects and arrays with their commas, keys and escaped strings.
private struct JSONTextWriter {
    private(set) var text = ""
    /// Whether the container being written has no member yet (no comma before the next).
    private var atFirstMember = true

    mutating func open(_ bracket: String) {
        member()
        text += bracket
        atFirstMember = true
    }

    mutating func close(_ bracket: String) {
        text += bracket
        atFirstMember = false
    }

    /// An object's key; its value follows.
    mutating func key(_ name: String) {
        member()
        quoted(name)
        text += ":"
        atFirstMember = true
    }

    /// A value written as it is (a number, `true`, or JSON text).
    mutating func raw(_ value: String) {
        member()
        text += value
    }

    /// A JSON string.
    mutating func string(_ value: String) {
        member()
        quoted(value)
    }

    /// `value` in quotes, with quotes, backslashes and control characters escaped.
    private mutating func quoted(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case ..<" ": text += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// One group of rows: entity, changed properties (updates), keys.
    mutating func rows(_ rows: HistoryPayload.Rows) {
        open("{")
        key("entity")
        string(rows.entity)
        if let properties = rows.properties {
            key("properties")
            open("[")
            for property in properties { string(property) }
            close("]")
        }
        key("keys")
        open("{")
        key("integerRuns")
        open("[")
        for run in rows.keys.integerRuns { raw("[\(run[0]),\(run[1])]") }
        close("]")
        key("otherKeys")
        raw(rows.keys.otherKeys.isEmpty ? "[]" : HistoryPayload.encoded(rows.keys.otherKeys))
        close("}")
        close("}")
    }

    /// The comma before a member, unless it is its container's first (or a key's value).
    private mutating func member() {
        if !atFirstMember { text += "," }
        atFirstMember = false
    }
}
