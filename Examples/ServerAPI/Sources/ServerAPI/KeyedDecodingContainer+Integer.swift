extension KeyedDecodingContainer {
    /// The integer at `key`, or `nil` when the body has none or `null`.
    /// - Throws: `DecodingError.typeMismatch` naming `key` and `T` for a number that is not a `T`
    ///   (`1.5` or `1e30` for an `Int`), which Foundation's decoder on Linux reports as a body
    ///   that is not valid JSON; the decoder's own error for any other value that is not a `T`.
    func decodeIntegerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let mismatch = DecodingError.typeMismatch(T.self, .init(codingPath: codingPath + [key], debugDescription: "a number that is not a \(T.self)"))
        do {
            return try decodeIfPresent(T.self, forKey: key)
        } catch DecodingError.dataCorrupted {
            throw mismatch
        } catch let error as DecodingError {
            throw error
        } catch {
            throw mismatch
        }
    }
}
