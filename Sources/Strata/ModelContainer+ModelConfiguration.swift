extension ModelContainer {
    /// Creates a container for model types; with no configuration, the embedded default store.
    /// - Throws: as ``ModelContainer/init(for:migrationPlan:configurations:)-(Schema,_,[any DataStoreConfiguration])``.
    public convenience init(for types: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(types), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Creates a container for a schema; with no configuration, the embedded default store.
    /// - Throws: as above.
    public convenience init(for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: ModelConfiguration...) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Creates a container for a schema over SwiftData configurations.
    /// - Throws: as above.
    public convenience init(for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: [ModelConfiguration]) throws {
        let erased: [any DataStoreConfiguration] = configurations.isEmpty ? [ModelConfiguration()] : configurations
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: erased)
    }
}
