;; The scanner's byte loop (src/core/scan.ts, Scanner.scan) as WebAssembly, for `idsmith scan`:
;; it walks the input's bytes, skips separators and escapes exactly as the loop does, gathers
;; each run of word characters [A-Za-z0-9_] with its flags OR-ed and AND-ed, drops the runs no
;; rule is indexed by, and writes the others (the candidates) for JavaScript to hand to the
;; formats' rules. Tables come from the scanner (so from the registry) at start-up.
;; `walkBlocks` finds the same candidates sixty-four bytes at a time, looking only at the runs that
;; may be kept (the RunWalker uses it where the registry's tables allow).
;; It also writes the NDJSON lines of `idsmith scan --json` (`emit`), from the input it holds.
;; `scripts/wasm.mjs` compiles this file into scanRunsWasm.ts; a unit test checks they agree.
;;
;; The input is followed by a 0 (no run goes past it) and an `x` (no run of separators goes past
;; that): the loops need no other bound.
;;
;; Memory: 0 FLAGS (256 bytes: 1 word char, 64 `_`, 128 `%` `\`) · 256 chars some `next` rule
;; waits for (128) · 384 chars some `prev` rule waits for (128) · 512 the shortest run with a `_`
;; starting with a char that an inner tail may take (128) · 1000 the line ends `walk` has passed
;; since `from` and the place after the last of them (-1: none) · 1016 where `walk` stopped ·
;; 1024 records: start, end, or | and << 8, and the two line figures at the start (1,024 of them)
;; · 22528 the digit pairs 00 to 99 · by run length << 7 | first char (16,384 each): 24576 some
;; plain rule takes it · 40960 some `next` rule · 57344 some `prev` rule · 73728 some tail rule
;; (the length after the last `_`);
;; the scanner's `keepsRun` is the same test · 90112 the parts of an NDJSON line: the keys
;; (below), from 90240 the kinds (written from JavaScript) · 98304 the line's head with the file
;; name (up to 8 KB) · 106496 the NDJSON written (256 KB) · 368640 the input · after it (16 bytes
;; on, at a multiple of 4) the places of its brackets (`brackets`; room for 32,768 kept by `load`).
(module
  (memory (export "memory") 6)
  (data (i32.const 90112) ",\"column\":,\"text\":\",\"unixMs\":}\0a")
  ;; The two digits of 0 to 99, for `$digits`.
  (data (i32.const 22528) "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899")

  (func $byte (param $i i32) (result i32)
    (i32.load8_u offset=368640 (local.get $i)))

  (func $flag (param $c i32) (result i32)
    (i32.load8_u (local.get $c)))

  ;; hexValue: the digit's value, -1 when none (past the end too).
  (func $hex (param $i i32) (param $n i32) (result i32)
    (local $c i32)
    (if (i32.ge_u (local.get $i) (local.get $n)) (then (return (i32.const -1))))
    (local.set $c (call $byte (local.get $i)))
    (if (i32.le_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 9))
      (then (return (i32.sub (local.get $c) (i32.const 48)))))
    (local.set $c (i32.or (local.get $c) (i32.const 32)))
    (if (i32.le_u (i32.sub (local.get $c) (i32.const 97)) (i32.const 5))
      (then (return (i32.sub (local.get $c) (i32.const 87)))))
    (i32.const -1))

  ;; separatorEscape: the length of the escape at `i` that stands for a char ending a run, else 0.
  (func $escape (param $i i32) (param $n i32) (result i32)
    (local $c i32) (local $a i32) (local $b i32) (local $code i32) (local $len i32) (local $k i32)
    (local.set $c (call $byte (local.get $i)))
    (if (i32.eq (local.get $c) (i32.const 37))
      (then
        (local.set $a (call $hex (i32.add (local.get $i) (i32.const 1)) (local.get $n)))
        (local.set $b (call $hex (i32.add (local.get $i) (i32.const 2)) (local.get $n)))
        (if (i32.or (i32.lt_s (local.get $a) (i32.const 0)) (i32.lt_s (local.get $b) (i32.const 0)))
          (then (return (i32.const 0))))
        (local.set $len (i32.const 3))
        (local.set $code (i32.add (i32.shl (local.get $a) (i32.const 4)) (local.get $b))))
      (else
        (if (i32.ne (local.get $c) (i32.const 92)) (then (return (i32.const 0))))
        (if (i32.ge_u (i32.add (local.get $i) (i32.const 1)) (local.get $n)) (then (return (i32.const 0))))
        (local.set $c (call $byte (i32.add (local.get $i) (i32.const 1))))
        ;; Only a backslash before an escape's letter (n t r u) is counted back, so a run of
        ;; backslashes is read once (counted back from each, 100 KB of them took 11 s).
        (if (i32.eqz (i32.or (i32.or (i32.eq (local.get $c) (i32.const 110)) (i32.eq (local.get $c) (i32.const 116)))
                             (i32.or (i32.eq (local.get $c) (i32.const 114)) (i32.eq (local.get $c) (i32.const 117)))))
          (then (return (i32.const 0))))
        ;; An escaped backslash (`\\n`) is no escape of `n`.
        (local.set $k (local.get $i))
        (block $b1 (loop $l1
          (br_if $b1 (i32.eqz (local.get $k)))
          (br_if $b1 (i32.ne (call $byte (i32.sub (local.get $k) (i32.const 1))) (i32.const 92)))
          (local.set $k (i32.sub (local.get $k) (i32.const 1)))
          (br $l1)))
        (if (i32.and (i32.sub (local.get $i) (local.get $k)) (i32.const 1)) (then (return (i32.const 0))))
        (if (i32.ne (local.get $c) (i32.const 117)) (then (return (i32.const 2))))
        (local.set $k (i32.const 2))
        (block $b2 (loop $l2
          (br_if $b2 (i32.eq (local.get $k) (i32.const 6)))
          (local.set $a (call $hex (i32.add (local.get $i) (local.get $k)) (local.get $n)))
          (if (i32.lt_s (local.get $a) (i32.const 0)) (then (return (i32.const 0))))
          (local.set $code (i32.add (i32.shl (local.get $code) (i32.const 4)) (local.get $a)))
          (local.set $k (i32.add (local.get $k) (i32.const 1)))
          (br $l2)))
        (local.set $len (i32.const 6))))
    (if (i32.lt_u (local.get $code) (i32.const 128))
      (then (if (i32.and (call $flag (local.get $code)) (i32.const 1)) (then (return (i32.const 0))))))
    (local.get $len))

  ;; (Loads are written out in the loops below: calls are not inlined.)
  ;; From `i` (a place outside any run), the candidate runs starting before `to` (runs may end
  ;; past it, up to `n`), at most 1,024; returns their count and leaves at 1016 where it stopped
  ;; (and at 1000 the line ends it passed, counted on from the last walk).
  (func (export "walk") (param $i i32) (param $to i32) (param $n i32) (result i32)
    (local $count i32) (local $out i32) (local $c i32) (local $f i32) (local $start i32)
    (local $or i32) (local $and i32) (local $len i32) (local $e i32)
    (local $row i32) (local $c0 i32) (local $nextOk i32) (local $last i32) (local $tail i32)
    (local $lines i32) (local $after i32)
    (local.set $out (i32.const 1024))
    (local.set $lines (i32.load (i32.const 1000)))
    (local.set $after (i32.load (i32.const 1004)))
    (block $done
      (loop $top
        (br_if $done (i32.ge_u (local.get $i) (local.get $to)))
        (local.set $c (i32.load8_u offset=368640 (local.get $i)))
        (local.set $f (i32.load8_u (local.get $c)))
        (if (i32.eqz (i32.and (local.get $f) (i32.const 1)))
          (then
            (if (i32.eqz (local.get $f))
              (then
                ;; Spaces and punctuation, in a loop of their own; line ends counted.
                (block $b (loop $l
                  (if (i32.eq (local.get $c) (i32.const 10))
                    (then
                      (local.set $lines (i32.add (local.get $lines) (i32.const 1)))
                      (local.set $after (i32.add (local.get $i) (i32.const 1)))))
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (local.set $c (i32.load8_u offset=368640 (local.get $i)))
                  (br_if $b (i32.load8_u (local.get $c)))
                  (br $l))))
              (else
                (local.set $e (call $escape (local.get $i) (local.get $n)))
                (local.set $i (i32.add (local.get $i) (select (local.get $e) (i32.const 1) (local.get $e))))))
            (br $top)))
        ;; A run of word characters.
        (local.set $start (local.get $i))
        (local.set $or (i32.const 0))
        (local.set $and (i32.const 255))
        (block $b (loop $l
          (local.set $f (i32.load8_u (i32.load8_u offset=368640 (local.get $i))))
          (br_if $b (i32.eqz (i32.and (local.get $f) (i32.const 1))))
          (local.set $or (i32.or (local.get $or) (local.get $f)))
          (local.set $and (i32.and (local.get $and) (local.get $f)))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $l)))
        (local.set $len (i32.sub (local.get $i) (local.get $start)))
        ;; Dropped: what `keepsRun` drops (runs of 128 or more, and those no rule is indexed by).
        (br_if $top (i32.ge_u (local.get $len) (i32.const 128)))
        (local.set $c0 (i32.load8_u offset=368640 (local.get $start)))
        (local.set $row (i32.or (i32.shl (local.get $len) (i32.const 7)) (local.get $c0)))
        (local.set $nextOk (i32.and (i32.lt_u (local.get $i) (local.get $n))
          (i32.load8_u offset=256 (i32.and (i32.load8_u offset=368640 (local.get $i)) (i32.const 127)))))
        (block $keep
          ;; A `prev` rule: its length and first char, and the char before.
          (if (i32.and (i32.ne (local.get $start) (i32.const 0)) (i32.load8_u offset=57344 (local.get $row)))
            (then (br_if $keep (i32.load8_u offset=384 (i32.and (i32.load8_u offset=368639 (local.get $start)) (i32.const 127))))))
          (if (i32.eqz (i32.and (local.get $or) (i32.const 64)))
            (then
              (br_if $keep (i32.load8_u offset=24576 (local.get $row)))
              (br_if $keep (i32.and (local.get $nextOk) (i32.load8_u offset=40960 (local.get $row))))
              (br $top)))
          ;; A run with a `_`: a tail rule by the length after the last `_`, a `next` rule for that
          ;; part, or a tail between two `_`.
          (local.set $last (i32.sub (local.get $i) (i32.const 1)))
          (block $b (loop $l
            (br_if $b (i32.eq (i32.load8_u offset=368640 (local.get $last)) (i32.const 95)))
            (local.set $last (i32.sub (local.get $last) (i32.const 1)))
            (br $l)))
          (local.set $tail (i32.shl (i32.sub (i32.sub (local.get $i) (local.get $last)) (i32.const 1)) (i32.const 7)))
          (br_if $keep (i32.load8_u offset=73728 (i32.or (local.get $tail) (local.get $c0))))
          (br_if $keep (i32.and (local.get $nextOk)
            (i32.load8_u offset=40960 (i32.or (local.get $tail) (i32.and (i32.load8_u offset=368641 (local.get $last)) (i32.const 127))))))
          (br_if $top (i32.eq (local.get $c0) (i32.const 95)))
          (br_if $top (i32.lt_u (local.get $len) (i32.load8_u offset=512 (local.get $c0)))))
        (i32.store offset=0 (local.get $out) (local.get $start))
        (i32.store offset=4 (local.get $out) (local.get $i))
        (i32.store offset=8 (local.get $out) (i32.or (local.get $or) (i32.shl (local.get $and) (i32.const 8))))
        (i32.store offset=12 (local.get $out) (local.get $lines))
        (i32.store offset=16 (local.get $out) (local.get $after))
        (local.set $out (i32.add (local.get $out) (i32.const 20)))
        (local.set $count (i32.add (local.get $count) (i32.const 1)))
        (br_if $done (i32.eq (local.get $count) (i32.const 1024)))
        (br $top)))
    (i32.store (i32.const 1016) (local.get $i))
    (i32.store (i32.const 1000) (local.get $lines))
    (i32.store (i32.const 1004) (local.get $after))
    (local.get $count))
  ;; `walk` sixty-four bytes at a time: the same candidates, records and line figures, for
  ;; tables where only `-` (and the byte 0xAD, which reads as `-` past the 7-bit mask) is a char a
  ;; `next` or `prev` rule waits for, and no plain rule takes a run shorter than `minLen` (the
  ;; RunWalker checks both). The byte loop spent its time on the words no rule takes; a run is
  ;; looked at here only when it may be kept: `minLen` chars or more, a `-`, `%` or `\` beside it,
  ;; or a `_` in it. A block ends after its last non-word byte, so a run is in one block (but
  ;; one of 64 chars or more, read on past it). Each block's classes are bit masks, a bit a
  ;; byte: word chars, `_`, the chars beside which a run is looked at, line ends (`$classes`).
  (func $classes (param $p i32) (result i32 i32 i32 i32)
    (local $v v128)
    (local.set $v (v128.load offset=368640 (local.get $p)))
    (i8x16.bitmask (v128.or
      (v128.or
        (i8x16.lt_u (i8x16.sub (local.get $v) (i8x16.splat (i32.const 48))) (i8x16.splat (i32.const 10)))
        (i8x16.lt_u (i8x16.sub (v128.or (local.get $v) (i8x16.splat (i32.const 32))) (i8x16.splat (i32.const 97))) (i8x16.splat (i32.const 26))))
      (i8x16.eq (local.get $v) (i8x16.splat (i32.const 95)))))
    (i8x16.bitmask (i8x16.eq (local.get $v) (i8x16.splat (i32.const 95))))
    (i8x16.bitmask (v128.or
      (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 45))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 173))))
      (v128.or (i8x16.eq (local.get $v) (i8x16.splat (i32.const 37))) (i8x16.eq (local.get $v) (i8x16.splat (i32.const 92))))))
    (i8x16.bitmask (i8x16.eq (local.get $v) (i8x16.splat (i32.const 10)))))

  ;; `$classes` of the 64 bytes from `p`, each mask a bit a byte (written out four times: calls
  ;; are not inlined).
  (func $classes64 (param $p i32) (result i64 i64 i64 i64)
    (local $w i64) (local $u i64) (local $x i64) (local $nl i64) (local $v v128) (local $t v128)
    (local $c48 v128) (local $c10 v128) (local $c32 v128) (local $c97 v128) (local $c26 v128) (local $under v128)
    (local $dash v128) (local $dash2 v128) (local $pct v128) (local $bsl v128) (local $lf v128)
    (local.set $c48 (i8x16.splat (i32.const 48)))
    (local.set $c10 (i8x16.splat (i32.const 10)))
    (local.set $c32 (i8x16.splat (i32.const 32)))
    (local.set $c97 (i8x16.splat (i32.const 97)))
    (local.set $c26 (i8x16.splat (i32.const 26)))
    (local.set $under (i8x16.splat (i32.const 95)))
    (local.set $dash (i8x16.splat (i32.const 45)))
    (local.set $dash2 (i8x16.splat (i32.const 173)))
    (local.set $pct (i8x16.splat (i32.const 37)))
    (local.set $bsl (i8x16.splat (i32.const 92)))
    (local.set $lf (local.get $c10))
    (local.set $v (v128.load offset=368640 (local.get $p)))
    (local.set $t (i8x16.eq (local.get $v) (local.get $under)))
    (local.set $w (i64.or (local.get $w) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (local.get $t) (v128.or
      (i8x16.lt_u (i8x16.sub (local.get $v) (local.get $c48)) (local.get $c10))
      (i8x16.lt_u (i8x16.sub (v128.or (local.get $v) (local.get $c32)) (local.get $c97)) (local.get $c26)))))) (i64.const 0))))
    (local.set $u (i64.or (local.get $u) (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $t))) (i64.const 0))))
    (local.set $x (i64.or (local.get $x) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or
      (v128.or (i8x16.eq (local.get $v) (local.get $dash)) (i8x16.eq (local.get $v) (local.get $dash2)))
      (v128.or (i8x16.eq (local.get $v) (local.get $pct)) (i8x16.eq (local.get $v) (local.get $bsl)))))) (i64.const 0))))
    (local.set $nl (i64.or (local.get $nl) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $lf)))) (i64.const 0))))
    (local.set $v (v128.load offset=368656 (local.get $p)))
    (local.set $t (i8x16.eq (local.get $v) (local.get $under)))
    (local.set $w (i64.or (local.get $w) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (local.get $t) (v128.or
      (i8x16.lt_u (i8x16.sub (local.get $v) (local.get $c48)) (local.get $c10))
      (i8x16.lt_u (i8x16.sub (v128.or (local.get $v) (local.get $c32)) (local.get $c97)) (local.get $c26)))))) (i64.const 16))))
    (local.set $u (i64.or (local.get $u) (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $t))) (i64.const 16))))
    (local.set $x (i64.or (local.get $x) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or
      (v128.or (i8x16.eq (local.get $v) (local.get $dash)) (i8x16.eq (local.get $v) (local.get $dash2)))
      (v128.or (i8x16.eq (local.get $v) (local.get $pct)) (i8x16.eq (local.get $v) (local.get $bsl)))))) (i64.const 16))))
    (local.set $nl (i64.or (local.get $nl) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $lf)))) (i64.const 16))))
    (local.set $v (v128.load offset=368672 (local.get $p)))
    (local.set $t (i8x16.eq (local.get $v) (local.get $under)))
    (local.set $w (i64.or (local.get $w) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (local.get $t) (v128.or
      (i8x16.lt_u (i8x16.sub (local.get $v) (local.get $c48)) (local.get $c10))
      (i8x16.lt_u (i8x16.sub (v128.or (local.get $v) (local.get $c32)) (local.get $c97)) (local.get $c26)))))) (i64.const 32))))
    (local.set $u (i64.or (local.get $u) (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $t))) (i64.const 32))))
    (local.set $x (i64.or (local.get $x) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or
      (v128.or (i8x16.eq (local.get $v) (local.get $dash)) (i8x16.eq (local.get $v) (local.get $dash2)))
      (v128.or (i8x16.eq (local.get $v) (local.get $pct)) (i8x16.eq (local.get $v) (local.get $bsl)))))) (i64.const 32))))
    (local.set $nl (i64.or (local.get $nl) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $lf)))) (i64.const 32))))
    (local.set $v (v128.load offset=368688 (local.get $p)))
    (local.set $t (i8x16.eq (local.get $v) (local.get $under)))
    (local.set $w (i64.or (local.get $w) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or (local.get $t) (v128.or
      (i8x16.lt_u (i8x16.sub (local.get $v) (local.get $c48)) (local.get $c10))
      (i8x16.lt_u (i8x16.sub (v128.or (local.get $v) (local.get $c32)) (local.get $c97)) (local.get $c26)))))) (i64.const 48))))
    (local.set $u (i64.or (local.get $u) (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $t))) (i64.const 48))))
    (local.set $x (i64.or (local.get $x) (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or
      (v128.or (i8x16.eq (local.get $v) (local.get $dash)) (i8x16.eq (local.get $v) (local.get $dash2)))
      (v128.or (i8x16.eq (local.get $v) (local.get $pct)) (i8x16.eq (local.get $v) (local.get $bsl)))))) (i64.const 48))))
    (local.set $nl (i64.or (local.get $nl) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $lf)))) (i64.const 48))))
    (local.get $w) (local.get $u) (local.get $x) (local.get $nl))

  (func (export "walkBlocks") (param $i i32) (param $to i32) (param $n i32) (param $minLen i32) (result i32)
    (local $count i32) (local $out i32) (local $lines i32) (local $after i32) (local $base i32)
    (local $W i64) (local $U i64) (local $X i64) (local $NL i64) (local $I i64) (local $r i64) (local $m i64)
    (local $len i32) (local $j i32) (local $p i32) (local $s i32) (local $start i32) (local $end i32)
    (local $e i32) (local $long i32) (local $hasU i32) (local $recLines i32) (local $recAfter i32)
    (local $c0 i32) (local $row i32) (local $nextOk i32) (local $last i32) (local $tail i32)
    (local $or i32) (local $and i32) (local $f i32) (local $k i32) (local $blockLen i32)
    (local.set $out (i32.const 1024))
    (local.set $lines (i32.load (i32.const 1000)))
    (local.set $after (i32.load (i32.const 1004)))
    (local.set $base (local.get $i))
    (block $done
      (loop $block
        (br_if $done (i32.ge_u (local.get $base) (local.get $to)))
        (call $classes64 (local.get $base))
        (local.set $NL) (local.set $X) (local.set $U) (local.set $W)
        ;; The block ends after its last non-word byte: a run that goes on past it is the next
        ;; block's (its first). Only a block that is all one run keeps its 64 bytes.
        (local.set $len (i32.const 64))
        (if (i64.ne (local.get $W) (i64.const -1))
          (then
            (local.set $len (i32.sub (i32.const 64) (i32.wrap_i64 (i64.clz (i64.xor (local.get $W) (i64.const -1))))))
            (if (i32.lt_u (local.get $len) (i32.const 64))
              (then
                (local.set $m (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $len))) (i64.const 1)))
                (local.set $W (i64.and (local.get $W) (local.get $m)))
                (local.set $U (i64.and (local.get $U) (local.get $m)))
                (local.set $NL (i64.and (local.get $NL) (local.get $m)))))))
        (local.set $blockLen (local.get $len))
        ;; Bytes where `minLen` word chars start (the block's end counting as word chars: a run
        ;; that reaches it is looked at, and read on past the block).
        (local.set $r (local.get $W))
        (local.set $k (i32.const 1))
        (block $b (loop $l
          (br_if $b (i32.ge_u (local.get $k) (local.get $minLen)))
          (local.set $j (select (local.get $k) (i32.sub (local.get $minLen) (local.get $k))
            (i32.le_u (local.get $k) (i32.sub (local.get $minLen) (local.get $k)))))
          (local.set $r (i64.and (local.get $r)
            (i64.or (i64.shr_u (local.get $r) (i64.extend_i32_u (local.get $j)))
                    (i64.shl (i64.const -1) (i64.extend_i32_u (i32.sub (i32.const 64) (local.get $j)))))))
          (local.set $k (i32.add (local.get $k) (local.get $j)))
          (br $l)))
        ;; The runs looked at: those, a `-` `%` `\` before or after (a `-` just before the block
        ;; too), a `_`.
        (local.set $I (i64.or (i64.or (local.get $r) (local.get $U))
          (i64.and (local.get $W)
            (i64.or (i64.or (i64.shl (local.get $X) (i64.const 1)) (i64.shr_u (local.get $X) (i64.const 1)))
              (i64.extend_i32_u (i32.and (i32.ne (local.get $base) (i32.const 0))
                (i32.eq (i32.and (i32.load8_u offset=368639 (local.get $base)) (i32.const 127)) (i32.const 45))))))))
        (loop $run
          (if (i64.eqz (local.get $I))
            (then
              ;; The block is done: its line ends, then on after it (past an escape that starts at its last byte).
              (local.set $lines (i32.add (local.get $lines) (i32.wrap_i64 (i64.popcnt (local.get $NL)))))
              (if (i64.ne (local.get $NL) (i64.const 0))
                (then (local.set $after (i32.sub (i32.add (local.get $base) (i32.const 64)) (i32.wrap_i64 (i64.clz (local.get $NL)))))))
              (local.set $j (i32.add (local.get $base) (i32.sub (local.get $blockLen) (i32.const 1))))
              (local.set $base (i32.add (local.get $base) (local.get $blockLen)))
              (if (i32.and (i32.load8_u (i32.load8_u offset=368640 (local.get $j))) (i32.const 128))
                (then
                  (local.set $e (call $escape (local.get $j) (local.get $n)))
                  (local.set $base (i32.add (local.get $j) (select (local.get $e) (i32.const 1) (local.get $e))))))
              (br $block)))
          (local.set $p (i32.wrap_i64 (i64.ctz (local.get $I))))
          ;; The run holding byte p: from after the last non-word byte before it.
          (local.set $m (i64.and (i64.xor (local.get $W) (i64.const -1))
            (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $p))) (i64.const 1))))
          (local.set $s (select (i32.const 0) (i32.sub (i32.const 64) (i32.wrap_i64 (i64.clz (local.get $m)))) (i64.eqz (local.get $m))))
          (local.set $start (i32.add (local.get $base) (local.get $s)))
          ;; Where it ends: in the block, or read on past it.
          (local.set $m (i64.and (i64.xor (local.get $W) (i64.const -1)) (i64.shl (i64.const -1) (i64.extend_i32_u (local.get $p)))))
          (local.set $long (i64.eqz (local.get $m)))
          (if (local.get $long)
            (then
              (local.set $end (i32.add (local.get $base) (i32.const 64)))
              (block $b (loop $l
                ;; (The word chars' mask, the other three dropped.)
                (call $classes (local.get $end))
                (drop) (drop) (drop)
                (local.set $j)
                (local.set $j (i32.xor (local.get $j) (i32.const 65535)))
                (if (local.get $j)
                  (then
                    (local.set $end (i32.add (local.get $end) (i32.ctz (local.get $j))))
                    (br $b)))
                (local.set $end (i32.add (local.get $end) (i32.const 16)))
                (br $l))))
            (else
              (local.set $end (i32.add (local.get $base) (i32.wrap_i64 (i64.ctz (local.get $m)))))))
          ;; After an escape (`%2F`, `\n`, `\u003c`) the run starts past it.
          (if (i32.and (i32.ne (local.get $s) (i32.const 0))
                (i64.ne (i64.and (i64.shr_u (local.get $X) (i64.extend_i32_u (i32.sub (local.get $s) (i32.const 1)))) (i64.const 1)) (i64.const 0)))
            (then (if (i32.and (i32.load8_u (i32.load8_u offset=368639 (local.get $start))) (i32.const 128)) (then
              (local.set $e (call $escape (i32.sub (local.get $start) (i32.const 1)) (local.get $n)))
              (if (local.get $e)
                (then
                  (local.set $start (i32.add (local.get $start) (i32.sub (local.get $e) (i32.const 1))))
                  (local.set $long (i32.const 1))))))))
          (if (i32.ge_u (local.get $start) (local.get $to))
            (then
              (local.set $m (i64.and (local.get $NL) (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s))) (i64.const 1))))
              (local.set $recLines (i32.add (local.get $lines) (i32.wrap_i64 (i64.popcnt (local.get $m)))))
              (local.set $recAfter (select (local.get $after) (i32.sub (i32.add (local.get $base) (i32.const 64)) (i32.wrap_i64 (i64.clz (local.get $m)))) (i64.eqz (local.get $m))))
              (local.set $base (local.get $start))
              (local.set $lines (local.get $recLines))
              (local.set $after (local.get $recAfter))
              (br $done)))
          (block $drop
            (block $keep
              (br_if $drop (i32.ge_u (local.get $start) (local.get $end)))
              (local.set $len (i32.sub (local.get $end) (local.get $start)))
              (br_if $drop (i32.ge_u (local.get $len) (i32.const 128)))
              (local.set $c0 (i32.load8_u offset=368640 (local.get $start)))
              (local.set $row (i32.or (i32.shl (local.get $len) (i32.const 7)) (local.get $c0)))
              (local.set $nextOk (i32.and (i32.lt_u (local.get $end) (local.get $n))
                (i32.load8_u offset=256 (i32.and (i32.load8_u offset=368640 (local.get $end)) (i32.const 127)))))
              ;; What `walk` keeps (the same tests).
              (if (i32.and (i32.ne (local.get $start) (i32.const 0)) (i32.load8_u offset=57344 (local.get $row)))
                (then (br_if $keep (i32.load8_u offset=384 (i32.and (i32.load8_u offset=368639 (local.get $start)) (i32.const 127))))))
              ;; Whether it holds a `_`: by the mask, or by the bytes for a long run or one an escape shortened.
              (if (i32.eqz (local.get $long))
                (then
                  (local.set $hasU (i64.ne (i64.and (local.get $U)
                    (i64.and (i64.shl (i64.const -1) (i64.extend_i32_u (local.get $s)))
                             (i64.sub (i64.shl (i64.const 1) (i64.sub (i64.extend_i32_u (local.get $end)) (i64.extend_i32_u (local.get $base)))) (i64.const 1))))
                    (i64.const 0))))
                (else
                  (local.set $hasU (i32.const 0))
                  (local.set $j (local.get $start))
                  (block $b (loop $l
                    (br_if $b (i32.ge_u (local.get $j) (local.get $end)))
                    (if (i32.eq (i32.load8_u offset=368640 (local.get $j)) (i32.const 95))
                      (then (local.set $hasU (i32.const 1)) (br $b)))
                    (local.set $j (i32.add (local.get $j) (i32.const 1)))
                    (br $l)))))
              (if (i32.eqz (local.get $hasU))
                (then
                  (br_if $keep (i32.load8_u offset=24576 (local.get $row)))
                  (br_if $keep (i32.and (local.get $nextOk) (i32.load8_u offset=40960 (local.get $row))))
                  (br $drop)))
              (local.set $last (i32.sub (local.get $end) (i32.const 1)))
              (block $b (loop $l
                (br_if $b (i32.eq (i32.load8_u offset=368640 (local.get $last)) (i32.const 95)))
                (local.set $last (i32.sub (local.get $last) (i32.const 1)))
                (br $l)))
              (local.set $tail (i32.shl (i32.sub (i32.sub (local.get $end) (local.get $last)) (i32.const 1)) (i32.const 7)))
              (br_if $keep (i32.load8_u offset=73728 (i32.or (local.get $tail) (local.get $c0))))
              (br_if $keep (i32.and (local.get $nextOk)
                (i32.load8_u offset=40960 (i32.or (local.get $tail) (i32.and (i32.load8_u offset=368641 (local.get $last)) (i32.const 127))))))
              (br_if $drop (i32.eq (local.get $c0) (i32.const 95)))
              (br_if $drop (i32.lt_u (local.get $len) (i32.load8_u offset=512 (local.get $c0)))))
            ;; Kept: its flags OR-ed and AND-ed, the line ends before it, and the record.
            (local.set $m (i64.and (local.get $NL) (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s))) (i64.const 1))))
            (local.set $recLines (i32.add (local.get $lines) (i32.wrap_i64 (i64.popcnt (local.get $m)))))
            (local.set $recAfter (select (local.get $after) (i32.sub (i32.add (local.get $base) (i32.const 64)) (i32.wrap_i64 (i64.clz (local.get $m)))) (i64.eqz (local.get $m))))

            (local.set $or (i32.const 0))
            (local.set $and (i32.const 255))
            (local.set $j (local.get $start))
            (block $b (loop $l
              (local.set $f (i32.load8_u (i32.load8_u offset=368640 (local.get $j))))
              (local.set $or (i32.or (local.get $or) (local.get $f)))
              (local.set $and (i32.and (local.get $and) (local.get $f)))
              (local.set $j (i32.add (local.get $j) (i32.const 1)))
              (br_if $l (i32.lt_u (local.get $j) (local.get $end)))))
            (i32.store offset=0 (local.get $out) (local.get $start))
            (i32.store offset=4 (local.get $out) (local.get $end))
            (i32.store offset=8 (local.get $out) (i32.or (local.get $or) (i32.shl (local.get $and) (i32.const 8))))
            (i32.store offset=12 (local.get $out) (local.get $recLines))
            (i32.store offset=16 (local.get $out) (local.get $recAfter))
            (local.set $out (i32.add (local.get $out) (i32.const 20)))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))
            (if (i32.eq (local.get $count) (i32.const 1024))
              (then
                (local.set $base (local.get $end))
                (local.set $lines (local.get $recLines))
                (local.set $after (local.get $recAfter))
                (br $done))))
          ;; On after the run: in this block, or from its end.
          (if (i32.ge_u (i32.sub (local.get $end) (local.get $base)) (i32.const 64))
            (then
              (local.set $m (i64.and (local.get $NL) (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s))) (i64.const 1))))
              (local.set $recLines (i32.add (local.get $lines) (i32.wrap_i64 (i64.popcnt (local.get $m)))))
              (local.set $recAfter (select (local.get $after) (i32.sub (i32.add (local.get $base) (i32.const 64)) (i32.wrap_i64 (i64.clz (local.get $m)))) (i64.eqz (local.get $m))))
              (local.set $base (local.get $end))
              (local.set $lines (local.get $recLines))
              (local.set $after (local.get $recAfter))
              (br $block)))
          (local.set $I (i64.and (local.get $I) (i64.shl (i64.const -1) (i64.extend_i32_u (i32.sub (local.get $end) (local.get $base))))))
          (br $run))))
    (i32.store (i32.const 1016) (local.get $base))
    (i32.store (i32.const 1000) (local.get $lines))
    (i32.store (i32.const 1004) (local.get $after))
    (local.get $count))

  ;; The line ends (`\n`) of the input in [from, to), sixteen bytes at a time.
  (func (export "lineEnds") (param $i i32) (param $to i32) (result i32)
    (local $count i32)
    (block $b (loop $l
      (br_if $b (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $to)))
      (local.set $count (i32.add (local.get $count)
        (i32.popcnt (i8x16.bitmask (i8x16.eq (v128.load offset=368640 (local.get $i)) (i8x16.splat (i32.const 10)))))))
      (local.set $i (i32.add (local.get $i) (i32.const 16)))
      (br $l)))
    (block $b (loop $l
      (br_if $b (i32.ge_u (local.get $i) (local.get $to)))
      (local.set $count (i32.add (local.get $count) (i32.eq (i32.load8_u offset=368640 (local.get $i)) (i32.const 10))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l)))
    (local.get $count))

  ;; The places of `{`, `[`, `}`, `]` in the input [0, n), in order, written from `at` on (a word
  ;; each), thirty-two bytes at a time: for the brackets a snowflake's context reads (its parent
  ;; keys), which JavaScript found one `indexOf` per bracket. Returns their count, -1 past `cap`.
  (func (export "brackets") (param $n i32) (param $at i32) (param $cap i32) (result i32)
    (local $i i32) (local $count i32) (local $v v128) (local $w v128) (local $bits i32) (local $c i32)
    (local $open v128) (local $openSq v128) (local $close v128) (local $closeSq v128)
    (local.set $open (i8x16.splat (i32.const 123)))
    (local.set $openSq (i8x16.splat (i32.const 91)))
    (local.set $close (i8x16.splat (i32.const 125)))
    (local.set $closeSq (i8x16.splat (i32.const 93)))
    ;; Thirty-two bytes a turn: the two halves' masks in one word.
    (block $b (loop $l
      (br_if $b (i32.gt_u (i32.add (local.get $i) (i32.const 32)) (local.get $n)))
      (local.set $v (v128.load offset=368640 (local.get $i)))
      (local.set $w (v128.load offset=368656 (local.get $i)))
      (local.set $bits (i32.or
        (i8x16.bitmask (v128.or
          (v128.or (i8x16.eq (local.get $v) (local.get $open)) (i8x16.eq (local.get $v) (local.get $openSq)))
          (v128.or (i8x16.eq (local.get $v) (local.get $close)) (i8x16.eq (local.get $v) (local.get $closeSq)))))
        (i32.shl (i8x16.bitmask (v128.or
          (v128.or (i8x16.eq (local.get $w) (local.get $open)) (i8x16.eq (local.get $w) (local.get $openSq)))
          (v128.or (i8x16.eq (local.get $w) (local.get $close)) (i8x16.eq (local.get $w) (local.get $closeSq)))))
          (i32.const 16))))
      (block $b2 (loop $l2
        (br_if $b2 (i32.eqz (local.get $bits)))
        (if (i32.eq (local.get $count) (local.get $cap)) (then (return (i32.const -1))))
        (i32.store (i32.add (local.get $at) (i32.shl (local.get $count) (i32.const 2)))
          (i32.add (local.get $i) (i32.ctz (local.get $bits))))
        (local.set $count (i32.add (local.get $count) (i32.const 1)))
        (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
        (br $l2)))
      (local.set $i (i32.add (local.get $i) (i32.const 32)))
      (br $l)))
    (block $b (loop $l
      (br_if $b (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $c (i32.or (i32.load8_u offset=368640 (local.get $i)) (i32.const 32)))
      ;; `[` `]` are `{` `}` less 32.
      (if (i32.or (i32.eq (local.get $c) (i32.const 123)) (i32.eq (local.get $c) (i32.const 125)))
        (then
          (local.set $c (i32.load8_u offset=368640 (local.get $i)))
          (if (i32.or (i32.or (i32.eq (local.get $c) (i32.const 123)) (i32.eq (local.get $c) (i32.const 125)))
                      (i32.or (i32.eq (local.get $c) (i32.const 91)) (i32.eq (local.get $c) (i32.const 93))))
            (then
              (if (i32.eq (local.get $count) (local.get $cap)) (then (return (i32.const -1))))
              (i32.store (i32.add (local.get $at) (i32.shl (local.get $count) (i32.const 2))) (local.get $i))
              (local.set $count (i32.add (local.get $count) (i32.const 1)))))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l)))
    (local.get $count))

  ;; NDJSON output (`emit`): where the next byte goes, and the length of the line's head at 90112.
  (global $out (export "out") (mut i32) (i32.const 106496))
  (global $headLen (export "headLen") (mut i32) (i32.const 0))

  ;; `len` bytes from `src` to the output, eight at a time: it may write up to 7 bytes past them,
  ;; which the next part overwrites (the output area keeps room for that).
  (func $put (param $src i32) (param $len i32)
    (local $i i32) (local $o i32)
    (local.set $o (global.get $out))
    (block $b (loop $l
      (br_if $b (i32.ge_u (local.get $i) (local.get $len)))
      (i64.store (i32.add (local.get $o) (local.get $i)) (i64.load (i32.add (local.get $src) (local.get $i))))
      (local.set $i (i32.add (local.get $i) (i32.const 8)))
      (br $l)))
    (global.set $out (i32.add (local.get $o) (local.get $len))))

  ;; The last `count` decimal digits of `n`, zero-padded: two at a time (a division by 100 and
  ;; the pair's two bytes from the table at 22528), then the first alone when `count` is odd.
  (func $digits (param $n i32) (param $count i32)
    (local $i i32) (local $q i32)
    (local.set $i (i32.add (global.get $out) (local.get $count)))
    (global.set $out (local.get $i))
    (block $b (loop $l
      (br_if $b (i32.lt_u (local.get $count) (i32.const 2)))
      (local.set $q (i32.div_u (local.get $n) (i32.const 100)))
      (local.set $i (i32.sub (local.get $i) (i32.const 2)))
      (i32.store16 (local.get $i)
        (i32.load16_u offset=22528 (i32.shl (i32.sub (local.get $n) (i32.mul (local.get $q) (i32.const 100))) (i32.const 1))))
      (local.set $n (local.get $q))
      (local.set $count (i32.sub (local.get $count) (i32.const 2)))
      (br $l)))
    (if (local.get $count)
      (then (i32.store8 (i32.sub (local.get $i) (i32.const 1)) (i32.add (i32.const 48) (local.get $n))))))

  ;; 0 <= n < 10^8, without leading zeros.
  (func $small (param $n i32)
    (call $digits (local.get $n)
      (select (i32.const 1)
        (select (i32.const 2)
          (select (i32.const 3)
            (select (i32.const 4)
              (select (i32.const 5)
                (select (i32.const 6)
                  (select (i32.const 7) (i32.const 8) (i32.lt_u (local.get $n) (i32.const 10000000)))
                  (i32.lt_u (local.get $n) (i32.const 1000000)))
                (i32.lt_u (local.get $n) (i32.const 100000)))
              (i32.lt_u (local.get $n) (i32.const 10000)))
            (i32.lt_u (local.get $n) (i32.const 1000)))
          (i32.lt_u (local.get $n) (i32.const 100)))
        (i32.lt_u (local.get $n) (i32.const 10)))))

  ;; An integer 0 <= v < 10^16 (the caller checks), as two 32-bit halves: ByteWriter.int's digits.
  (func $int (param $v f64)
    (local $x i64) (local $high i64)
    (if (f64.lt (local.get $v) (f64.const 100000000))
      (then (call $small (i32.trunc_f64_u (local.get $v))) (return)))
    (local.set $x (i64.trunc_f64_u (local.get $v)))
    (local.set $high (i64.div_u (local.get $x) (i64.const 100000000)))
    (call $small (i32.wrap_i64 (local.get $high)))
    (call $digits (i32.wrap_i64 (i64.sub (local.get $x) (i64.mul (local.get $high) (i64.const 100000000)))) (i32.const 8)))

  ;; One NDJSON line: the head, line, column, the ID's text [start, end) of the input, the kind's
  ;; part (at `kind`, `kindLen` bytes) and, for `ms` >= 0, the time, as runPiece writes it;
  ;; returns where the output now ends.
  (func (export "emit") (param $start i32) (param $end i32) (param $line f64) (param $column f64)
        (param $kind i32) (param $kindLen i32) (param $ms f64) (result i32)
    (call $put (i32.const 98304) (global.get $headLen))
    (call $int (local.get $line))
    (call $put (i32.const 90112) (i32.const 10))
    (call $int (local.get $column))
    (call $put (i32.const 90122) (i32.const 9))
    (call $put (i32.add (local.get $start) (i32.const 368640)) (i32.sub (local.get $end) (local.get $start)))
    (call $put (local.get $kind) (local.get $kindLen))
    (if (f64.ge (local.get $ms) (f64.const 0))
      (then
        (call $put (i32.const 90131) (i32.const 10))
        (call $int (local.get $ms))))
    (call $put (i32.const 90141) (i32.const 2))
    (global.get $out)))
