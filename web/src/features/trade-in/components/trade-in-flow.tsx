import { ChevronLeft } from 'lucide-react'
import { useId } from 'react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import { useTradeInOptions, type TradeInOptions } from '../api/trade-in'
import { stepTitle } from '../lib/flow'
import { CarStep } from './car-step'
import { ConditionStep } from './condition-step'
import { DetailsStep } from './details-step'
import { KmStep } from './km-step'
import { ResultStep } from './result-step'
import { useTradeInFlow, type TargetCar } from './use-trade-in-flow'

export interface TradeInFlowProps {
  // The car the buyer trades towards (/cars/trade-in?car_id=), if any.
  targetCar?: TargetCar
}

// TradeInFlow is the multi-step instant valuation: the car (rego and state,
// or make, model and year), kilometres, condition, contact details, then the
// price range or the Trade-in FAQ message, and offer acceptance.
export function TradeInFlow({ targetCar }: TradeInFlowProps) {
  const options = useTradeInOptions()
  if (options.isPending) return <Spinner label="Loading the trade-in form" />
  if (options.isError)
    return (
      <Alert variant="destructive">
        <AlertTitle>The trade-in form could not load.</AlertTitle>
        <AlertDescription>Please refresh the page or give us a call.</AlertDescription>
      </Alert>
    )
  return <Flow options={options.data} targetCar={targetCar} />
}

function Flow({ options, targetCar }: { options: TradeInOptions; targetCar?: TargetCar }) {
  const site = useSite()
  const id = useId()
  const noun = site.wording.stock_noun || 'car'
  const f = useTradeInFlow(options, targetCar)
  const { step, form, errors, clearInputErrors } = f
  const stepIndex = f.steps.indexOf(step)

  return (
    <div className="w-full max-w-2xl">
      {step !== 'result' && (
        <ol className={cn('mb-6 grid gap-2 text-xs sm:text-sm', f.steps.length === 4 ? 'grid-cols-4' : 'grid-cols-3')} aria-label="Steps">
          {f.steps.map((s, i) => (
            <li
              key={s}
              aria-current={s === step ? 'step' : undefined}
              className={cn(
                'rounded-md border-t-4 pt-2',
                i <= stepIndex ? 'border-primary font-semibold text-foreground' : 'border-border text-muted-foreground',
              )}
            >
              <span className="sr-only">
                Step {i + 1} of {f.steps.length}:{' '}
              </span>
              {stepTitle(s, noun)}
            </li>
          ))}
        </ol>
      )}

      <h2 ref={f.headingRef} tabIndex={-1} className="mb-4 text-xl font-semibold focus:outline-none">
        {step !== 'result'
          ? stepTitle(step, noun)
          : f.accepted
            ? 'Offer accepted'
            : f.valuation?.estimate
              ? 'Your price'
              : "We'll be in touch"}
      </h2>

      {f.formError && step !== 'result' && (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>{f.formError}</AlertDescription>
        </Alert>
      )}

      {step !== 'result' ? (
        <form onSubmit={(e) => void f.next(e)} noValidate className="space-y-5">
          {step === 'car' && <CarStep id={id} options={options} form={form} errors={errors} clearInputErrors={clearInputErrors} noun={noun} />}
          {step === 'km' && <KmStep id={id} options={options} form={form} errors={errors} clearInputErrors={clearInputErrors} />}
          {step === 'condition' && <ConditionStep id={id} options={options} form={form} errors={errors} />}
          {step === 'details' && (
            <DetailsStep
              id={id}
              form={form}
              errors={errors}
              targetCar={targetCar}
              dealerships={f.needDealership ? site.dealerships : null}
              needTerms={f.needTerms}
            />
          )}

          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
            {stepIndex > 0 ? (
              <Button type="button" variant="outline" onClick={f.back} disabled={f.submitting}>
                <ChevronLeft aria-hidden /> Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={f.submitting}>
              {f.submitting && <Spinner className="size-4" />}
              {step === 'details' ? (f.submitting ? 'Getting your price…' : 'Get My Price') : 'Next'}
            </Button>
          </div>
        </form>
      ) : (
        f.valuation && (
          <ResultStep
            valuation={f.valuation}
            currency={site.currency}
            accepted={f.accepted}
            submitting={f.submitting}
            formError={f.formError}
            onAccept={() => void f.accept()}
            name={form.getValues('name')}
          />
        )
      )}
    </div>
  )
}
