import Foundation
import StrataServer

// `strata-server [store]`: the store from the argument or STRATA_STORE, HOST, PORT and LOG_LEVEL
// from the environment (see `ServerSettings`). A failure to start is one line on stderr and exit
// status 1.
do {
    try await ServerApplication.run(ServerSettings(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
} catch {
    FileHandle.standardError.write(Data("strata-server: \(error)\n".utf8))
    exit(1)
}
