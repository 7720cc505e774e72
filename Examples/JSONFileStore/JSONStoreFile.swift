import Foundation
import StrataCore

/// Reads and writes the store's file: the whole document each time.
struct JSONStoreFile: Sendable {
    let url: URL

    /// The document, or `nil` when the file does not exist yet.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` when the file is not a store document.
    func read() throws -> JSONStoreDocument? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        }
        do {
            return try Self.decoder().decode(JSONStoreDocument.self, from: data)
        } catch {
            throw SwiftDataError.unsupportedConfiguration.with("\(url.path) is not a JSON store file: \(error)")
        }
    }

    /// Replaces the file with `document`: writes a temporary file next to it, then renames it
    /// over the old one. A save that fails before the rename leaves the old file as it was,
    /// and readers never see a half-written file.
    /// - Throws: the file system's error; the old file is then unchanged.
    func write(_ document: JSONStoreDocument) throws {
        let data = try Self.encoder().encode(document)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        try data.write(to: temporary, options: .withoutOverwriting)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
        }
    }

    /// Non-finite doubles have no JSON number: they are written as these strings.
    private static let nonFinite = (positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positiveInfinity, negativeInfinity: nonFinite.negativeInfinity, nan: nonFinite.nan)
        return encoder
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positiveInfinity, negativeInfinity: nonFinite.negativeInfinity, nan: nonFinite.nan)
        return decoder
    }
}
