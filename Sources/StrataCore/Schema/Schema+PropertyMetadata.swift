extension Schema {
    /// What `@Model` records for each stored property: its name, key path, default and options.
    public struct PropertyMetadata: @unchecked Sendable {
        public let name: String
        public let keypath: AnyKeyPath
        public let defaultValue: Any?
        /// The `@Attribute` or `@Relationship` options written on the property, if any.
        public let metadata: (any SchemaProperty)?

        public init(name: String, keypath: AnyKeyPath, defaultValue: Any? = nil, metadata: (any SchemaProperty)? = nil) {
            self.name = name
            self.keypath = keypath
            self.defaultValue = defaultValue
            self.metadata = metadata
        }
    }
}
