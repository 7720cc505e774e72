import Foundation

extension PersistentIdentifier {
    /// A row key as a store mints it.
    public enum PrimaryKey: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
        case integer(Int64)
        case string(String)
        case uuid(UUID)

        /// Wraps any key a store hands to ``PersistentIdentifier/identifier(for:entityName:primaryKey:)``.
        public init<Key: CustomStringConvertible>(_ key: Key) {
            switch key {
            case let key as PrimaryKey: self = key
            case let key as UUID: self = .uuid(key)
            case let key as String: self = .string(key)
            case let key as any BinaryInteger:
                if let value = Int64(exactly: key) { self = .integer(value) } else { self = .string(key.description) }
            default: self = .string(key.description)
            }
        }

        /// The key as an `Int64`, when it is an integer key.
        public var integerValue: Int64? {
            if case .integer(let value) = self { return value }
            return nil
        }

        /// The key as a `UUID`, when it is a UUID key.
        public var uuidValue: UUID? {
            if case .uuid(let value) = self { return value }
            return nil
        }

        public var description: String {
            switch self {
            case .integer(let value): return String(value)
            case .string(let value): return value
            case .uuid(let value): return value.uuidString
            }
        }

        public static func < (lhs: PrimaryKey, rhs: PrimaryKey) -> Bool {
            switch (lhs, rhs) {
            case let (.integer(a), .integer(b)): return a < b
            case let (.string(a), .string(b)): return a < b
            case let (.uuid(a), .uuid(b)): return a.uuidString < b.uuidString
            default: return lhs.rank < rhs.rank
            }
        }

        private var rank: Int {
            switch self {
            case .integer: return 0
            case .string: return 1
            case .uuid: return 2
            }
        }
    }
}
