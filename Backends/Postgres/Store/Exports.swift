// A server on PostgreSQL gets the suspending store calls under SwiftData's names: in `async`
// code the compiler then asks for `await` on `context.fetch` and `context.save()`, so no
// request holds a thread of Swift's cooperative pool while the server answers (docs/server.md).
@_exported import StrataAsync
