import Foundation

// Foundation declares this node on Apple platforms only (swift-foundation builds it for the
// Foundation framework alone), yet `#Predicate` expands `localizedStandardContains` to its
// builder on every platform. Elsewhere Strata supplies the same shape, so SwiftData code that
// searches with it compiles unchanged; on Apple platforms Foundation's own type is used.
#if !canImport(Darwin)
extension PredicateExpressions {
    /// `root.localizedStandardContains(other)` in a `#Predicate`: a case- and
    /// diacritic-insensitive search in the current locale, Foundation's
    /// `StringProtocol.localizedStandardContains(_:)` (`"Café"` contains `"cafe"`; nothing
    /// contains `""`).
    ///
    /// ```swift
    /// let query = "cafe"
    /// let matches = #Predicate<Venue> { $0.name.localizedStandardContains(query) }
    /// ```
    public struct StringLocalizedStandardContains<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        public typealias Output = Bool

        /// The string searched.
        public let root: Root
        /// The string searched for.
        public let other: Other

        /// A search for `other` in `root`.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Whether `root` contains `other`, ignoring case and diacritics.
        /// - Throws: what evaluating `root` or `other` throws.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(try other.evaluate(bindings))
        }
    }

    /// The node `#Predicate` writes for `root.localizedStandardContains(other)`.
    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other) -> StringLocalizedStandardContains<Root, Other> {
        StringLocalizedStandardContains(root: root, other: other)
    }
}

extension PredicateExpressions.StringLocalizedStandardContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}

extension PredicateExpressions.StringLocalizedStandardContains: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.StringLocalizedStandardContains: Codable where Root: Codable, Other: Codable {
    /// Encodes `root` then `other`, as Foundation's node does.
    /// - Throws: what encoding either operand throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(root)
        try container.encode(other)
    }

    /// Decodes `root` then `other`.
    /// - Throws: `DecodingError` when either operand does not decode.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        root = try container.decode(Root.self)
        other = try container.decode(Other.self)
    }
}

extension PredicateExpressions.StringLocalizedStandardContains: CustomStringConvertible {
    /// The node and its operands, as Foundation spells its nodes.
    public var description: String {
        "StringLocalizedStandardContains(root: \(root), other: \(other))"
    }
}
#endif
