extension SwiftDataError {
    /// The store was migrated to a version newer than the container's schema: opening it with
    /// older code could lose what the newer version wrote. Nothing is changed.
    public static let backwardMigration = SwiftDataError(code: Code(name: "backwardMigration"), message: "backwardMigration")
    /// The store records a version the migration plan does not list, or the plan cannot reach
    /// the container's version from it (a missing stage). Nothing is changed.
    public static let unknownSchema = SwiftDataError(code: Code(name: "unknownSchema"), message: "unknownSchema")
}
