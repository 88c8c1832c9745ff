/// A window of jobs that slides in index order: the one parallel primitive of the execution core.
package enum OrderedWindow {
    /// The one parallel primitive: runs `count` jobs with at most `width` in flight and hands each result to
    /// `consume` in index order as soon as it and all before it are done.
    ///
    /// A job starts only while it is fewer than `width` places past the next result to hand over, so a slow job
    /// holds back at most `width` finished results: memory stays flat however many jobs there are.
    package static func forEachInOrder<Result: Sendable>(
        count: Int, width: Int,
        _ work: @escaping @Sendable (Int) async -> Result,
        consume: (Int, Result) async -> Void
    ) async {
        let width = max(1, width)
        guard count > 0 else { return }
        await withTaskGroup(of: (Int, Result).self) { group in
            var nextToStart = 0
            var nextToConsume = 0
            var finished: [Int: Result] = [:]
            func startWhileRoom() {
                while nextToStart < count, nextToStart < nextToConsume + width {
                    let index = nextToStart
                    group.addTask { (index, await work(index)) }
                    nextToStart += 1
                }
            }
            startWhileRoom()
            while let (index, result) = await group.next() {
                finished[index] = result
                while let ready = finished.removeValue(forKey: nextToConsume) {
                    await consume(nextToConsume, ready)
                    nextToConsume += 1
                }
                startWhileRoom()
            }
        }
    }
}
