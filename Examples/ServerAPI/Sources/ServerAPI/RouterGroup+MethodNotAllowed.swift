import Hummingbird

extension RouterGroup {
    /// Answers `GET`, `POST`, `PUT`, `PATCH` and `DELETE` on `path`, other than `allowed`, with 405
    /// and an `Allow` header listing `allowed`, instead of the router's 404.
    func refuseMethods(except allowed: [HTTPRequest.Method], on path: RouterPath) {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        let refused: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete].filter { !allowed.contains($0) }
        for method in refused {
            on(path, method: method) { request, _ -> HTTPResponse.Status in
                throw HTTPError(.methodNotAllowed, headers: [.allow: list], message: "\(method.rawValue) is not allowed on \(request.uri.path); use \(list)")
            }
        }
    }
}
