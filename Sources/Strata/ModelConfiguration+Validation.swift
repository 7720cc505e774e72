extension ModelConfiguration {
    /// Refuses what Strata cannot honour, before the store is created.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` for `cloudKitDatabase: .private(_:)`
    ///   (no CloudKit on Linux), or for a group name that is not one path component.
    public func validate() throws {
        if let container = cloudKitContainerIdentifier {
            throw SwiftDataError.unsupportedConfiguration.with(
                "cloudKitDatabase: \(cloudKitDatabase) asks for CloudKit sync with \(String(reflecting: container)), which Strata cannot do on Linux; "
                    + "use cloudKitDatabase: .none (or .automatic, which syncs nothing without iCloud entitlements)")
        }
        if let group = groupAppContainerIdentifier, group.isEmpty || group == "." || group == ".." || group.contains("/") || group.contains("\0") {
            throw SwiftDataError.unsupportedConfiguration.with(
                "groupContainer: \(groupContainer) does not name a directory: a group name is one path component, without \"/\", and not \".\" or \"..\"")
        }
    }
}
