"""A token bucket per socket: people send a few frames a second at most; a client that sends
far more is told to slow down and, if it keeps on, disconnected."""

import time


class TokenBucket:
    def __init__(self, rate: float = 8.0, burst: int = 20, max_dropped: int = 60, clock=time.monotonic):
        self.rate, self.burst, self.max_dropped, self.clock = rate, burst, max_dropped, clock
        self.tokens = float(burst)
        self.stamp = clock()
        self.dropped = 0

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False

    @property
    def exhausted(self) -> bool:
        return self.dropped > self.max_dropped
