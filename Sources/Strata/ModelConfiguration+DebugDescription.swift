/// How the configuration prints in the debugger and in `String(reflecting:)`.
extension ModelConfiguration: CustomDebugStringConvertible {
    public var debugDescription: String {
        "ModelConfiguration(name: \(String(reflecting: name)), url: \(url.path), isStoredInMemoryOnly: \(isStoredInMemoryOnly), "
            + "allowsSave: \(allowsSave), groupContainer: \(groupContainer), cloudKitDatabase: \(cloudKitDatabase))"
    }
}
