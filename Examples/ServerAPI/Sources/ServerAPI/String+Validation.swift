import Foundation

extension String {
    /// The string without its surrounding white space.
    /// - Throws: ``APIError`` 400 naming `field` when nothing is left.
    public func trimmed(nonEmpty field: String) throws -> String {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw APIError.badRequest("\(field) must not be empty") }
        return trimmed
    }
}
