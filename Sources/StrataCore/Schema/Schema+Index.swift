extension Schema {
    /// SwiftData's index declaration: the indices `#Index<T>(…)` lists for one model type.
    ///
    /// SQL stores create a B-tree index for every kind: `.rtree` is accepted so SwiftData code
    /// compiles, and indexes its key paths like `.binary` (SQLite's R*Tree is a separate
    /// virtual table of numeric ranges, not an index on a table; see docs/semantics.md).
    public final class Index<T: PersistentModel> {
        /// One index: its kind and the key paths it covers, in order.
        public enum Types<P: PersistentModel> {
            /// An ordered (B-tree) index.
            case binary([PartialKeyPath<P>])
            /// A spatial index in SwiftData; a B-tree index on Strata's SQL stores.
            case rtree([PartialKeyPath<P>])

            /// The key paths the index covers, in order.
            public var keyPaths: [PartialKeyPath<P>] {
                switch self {
                case .binary(let keyPaths), .rtree(let keyPaths): keyPaths
                }
            }
        }

        /// The declared indices, in order.
        public let indices: [Types<T>]

        /// Binary indices, one per key path list.
        public init(_ binaryIndices: [PartialKeyPath<T>]...) {
            indices = binaryIndices.map { .binary($0) }
        }

        /// Indices of the given kinds.
        public init(_ indices: Types<T>...) {
            self.indices = indices
        }
    }
}
