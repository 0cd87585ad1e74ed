"""Fractions to text, for the edge of the system: exact where a decimal is exact, else 2 places."""

from __future__ import annotations

from fractions import Fraction


def format_decimal(x: Fraction) -> str:
    """Exact decimal when the denominator has only the factors 2 and 5, else rounded half-up to 2 places.

    ``Fraction(9, 2)`` gives "4.5", ``Fraction(12)`` "12", ``Fraction(-3, 2)`` "-1.5",
    ``Fraction(5300, 3)`` "1766.67".
    """
    sign = "-" if x < 0 else ""
    x = abs(x)
    rest = x.denominator
    twos = fives = 0
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest == 1:
        places = max(twos, fives)
        digits = str(x.numerator * 10**places // x.denominator)
        if places:
            digits = digits.rjust(places + 1, "0")
            digits = f"{digits[:-places]}.{digits[-places:]}"
        return sign + digits
    # A denominator with another prime factor never lands exactly on a half at the third place,
    # so half-up and half-even agree; half-up is what a reader expects.
    hundredths = (x * 100 + Fraction(1, 2)).__floor__()
    if hundredths == 0:
        sign = ""
    return f"{sign}{hundredths // 100}.{hundredths % 100:02d}"
