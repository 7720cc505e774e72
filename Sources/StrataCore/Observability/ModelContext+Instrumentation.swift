/// Runs a context's store calls under the container's ``StoreInstrumentation``, if any.
extension ModelContext {
    /// Runs `body`, measured as `operation` on `entity` (`nil` for a save, which may write
    /// several) when instrumentation is on; `rows` reads how many models a result holds.
    func instrumented<Result>(
        _ operation: StoreInstrumentation.Operation, entity: @autoclosure () -> String?, rows: (Result) -> Int? = { _ in nil },
        _ body: () throws -> Result
    ) throws -> Result {
        guard let instrumentation = container.instrumentation else { return try body() }
        let measurement = instrumentation.begin(operation, entity: entity())
        do {
            let result = try body()
            measurement.end(rows: rows(result))
            return result
        } catch {
            measurement.end(error: error)
            throw error
        }
    }

    /// The `async` form of ``instrumented(_:entity:rows:_:)``.
    nonisolated(nonsending) func instrumented<Result>(
        _ operation: StoreInstrumentation.Operation, entity: @autoclosure () -> String?, rows: (Result) -> Int? = { _ in nil },
        _ body: nonisolated(nonsending) () async throws -> Result
    ) async throws -> Result {
        guard let instrumentation = container.instrumentation else { return try await body() }
        let measurement = instrumentation.begin(operation, entity: entity())
        do {
            let result = try await body()
            measurement.end(rows: rows(result))
            return result
        } catch {
            measurement.end(error: error)
            throw error
        }
    }
}
