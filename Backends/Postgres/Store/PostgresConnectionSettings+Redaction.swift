extension PostgresConnectionSettings: CustomDebugStringConvertible, CustomReflectable {
    /// The same as ``description``: the password appears as `***`.
    public var debugDescription: String { description }

    /// The settings with the password shown as `***`, so `dump`, debuggers and reflection-based
    /// loggers never see it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "endpoints": endpoints, "user": user, "password": password.map { _ in "***" } as Any,
                "database": database as Any, "sslMode": sslMode, "connectTimeout": connectTimeout as Any,
                "applicationName": applicationName as Any, "sslRootCertificate": sslRootCertificate as Any,
                "targetSessionAttributes": targetSessionAttributes as Any, "statementTimeout": statementTimeout as Any,
                "options": options as Any, "keepalives": keepalives, "tcpUserTimeout": tcpUserTimeout as Any,
            ],
            displayStyle: .struct)
    }
}
