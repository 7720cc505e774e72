import Foundation
import StrataChangeProbeSupport

// `StrataChangeProbe <store> <commits> [pause ms] [label]`: saves to a store from a second
// process (see `ChangeProbe`).
guard let arguments = ChangeProbe.Arguments(CommandLine.arguments.dropFirst()) else {
    FileHandle.standardError.write(Data("usage: StrataChangeProbe <store> <commits> [pause ms] [label]\n".utf8))
    exit(2)
}
do {
    try ChangeProbe.run(arguments)
} catch {
    FileHandle.standardError.write(Data("StrataChangeProbe: \(error)\n".utf8))
    exit(1)
}
